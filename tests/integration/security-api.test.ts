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

describe('privacy settings', () => {
  it('answers defaults when never saved (a missing row is not an error), then saves by upsert', async () => {
    const m = await signInAs(t.app, t.database.db, 'private_person');
    expect((await m.request('GET', '/api/me/privacy')).json()).toEqual({ profile_visibility: false, email_visibility: false, directory_listing: false });
    const first = await m.request('PUT', '/api/me/privacy', { profile_visibility: false, email_visibility: true, directory_listing: false });
    expect(first.statusCode).toBe(200);
    const second = await m.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: true, directory_listing: true });
    expect(second.json()).toEqual({ profile_visibility: true, email_visibility: true, directory_listing: true });
    expect(await t.database.db('user_privacy_settings').where({ user_id: m.userId })).toHaveLength(1);
    const changes = await t.database.db('security_audit_logs').where({ user_id: m.userId, event_type: 'privacy_change' });
    expect(changes).toHaveLength(2);
  });

  it('only ever touches the caller\'s own row', async () => {
    const a = await signInAs(t.app, t.database.db, 'alice_p');
    const b = await signInAs(t.app, t.database.db, 'bob_p');
    await a.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: true, directory_listing: true, user_id: b.userId });
    expect((await b.request('GET', '/api/me/privacy')).json()).toEqual({ profile_visibility: false, email_visibility: false, directory_listing: false });
  });

  it('rejects a malformed body with each field\'s message', async () => {
    const m = await signInAs(t.app, t.database.db, 'sloppy');
    const res = await m.request('PUT', '/api/me/privacy', { profile_visibility: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      profile_visibility: ['profile_visibility must be true or false'],
      email_visibility: ['email_visibility must be true or false'],
    });
  });
});

describe('security metrics', () => {
  it('counts the member\'s security events of the last 30 days and gives account age and last sign-in', async () => {
    const m = await signInAs(t.app, t.database.db, 'metric_member');
    await t.database.db('security_audit_logs').insert([
      { user_id: m.userId, event_type: 'sign_in', created_at: t.database.db.raw(`now() - interval '40 days'`) },
      { user_id: m.userId, event_type: 'privacy_change' },
    ]);
    await t.database.db('users').where({ id: m.userId }).update({ created_at: t.database.db.raw(`now() - interval '12 days 1 hour'`) });
    const res = (await m.request('GET', '/api/me/security')).json();
    expect(res.accountAgeDays).toBe(12);
    expect(res.securityEvents30d).toBe(2); // the dev sign-in itself + the privacy change; the 40-day-old one is out
    expect(res.lastSignInAt).toEqual(expect.any(String));
  });
});
