import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs } from '../helpers/session';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('directory member count', () => {
  it('counts every listed member while a search narrows the page (total is the search\'s, for paging)', async () => {
    const viewer = await signInAs(t.app, t.database.db, 'count_viewer');
    for (const name of ['count_alpha', 'count_beta', 'other_gamma']) {
      const m = await signInAs(t.app, t.database.db, name);
      await t.database.db('user_privacy_settings').insert({ user_id: m.userId, directory_listing: true }).onConflict('user_id').merge(['directory_listing']);
    }
    const all = (await viewer.request('GET', '/api/members')).json();
    expect(all).toMatchObject({ total: 3, listedTotal: 3 });
    const searched = (await viewer.request('GET', '/api/members?search=count_')).json();
    expect(searched).toMatchObject({ total: 2, listedTotal: 3 });
    expect(searched.members).toHaveLength(2);
  });
});
