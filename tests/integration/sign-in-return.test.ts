import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function devSignIn(username: string, returnTo?: string): Promise<string> {
  const res = await anonymous(t.app).request('POST', '/api/auth/dev-sign-in', { username, ...(returnTo === undefined ? {} : { returnTo }) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { redirectTo: string }).redirectTo;
}

describe('dev sign-in returns to the page that asked for it', () => {
  it('follows a same-origin path, query and hash kept', async () => {
    expect(await devSignIn('back_to_profile', '/profile/someone?tab=audio#bio')).toBe('/profile/someone?tab=audio#bio');
    expect(await devSignIn('back_to_admin', '/token-admin')).toBe('/token-admin');
  });

  it('goes to /community without one (welcomed the first time)', async () => {
    expect(await devSignIn('no_return')).toBe('/community?welcome=1');
    expect(await devSignIn('no_return')).toBe('/community');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example/', '\\\\evil.example', 'javascript:alert(1)', '/auth', '/api/auth/session', 'security'])(
    'refuses %s',
    async (returnTo) => {
      expect(await devSignIn('refused_return', returnTo)).toMatch(/^\/community(\?welcome=1)?$/);
    },
  );
});
