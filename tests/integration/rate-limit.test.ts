import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '@app/common/domain/rate-limits';
import { buildSignIn, buildUser } from '../factories/index';
import { startTestApp, type TestApp } from '../helpers/app';
import { testRedisPrefix } from '../helpers/db';
import { anonymous, signInAs } from '../helpers/session';

describe('rate limits shared by every API instance (one Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = testRedisPrefix();
  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_PREFIX: prefix } });
    b = await startTestApp({ env: { REDIS_PREFIX: prefix } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('lets six members sign in from one IP within a minute, across both instances; that IP stops at 30 per 5 minutes', async () => {
    const ip = '10.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await anonymous(app.app, ip).request('POST', '/api/auth/dev-sign-in', { username: `office_${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe(TOO_MANY_ATTEMPTS);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(200);
      }
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another IP has its own budget.
    expect((await anonymous(b.app, '10.200.0.2').request('POST', '/api/auth/dev-sign-in', { username: 'other_ip' })).statusCode).toBe(200);
  });

  it('counts studio-token attempts apart from sign-ins: a speaker who mistypes twice locks out no member on the same network', async () => {
    const ip = '10.200.1.1';
    for (const token of ['adxs_mistyped_1', 'adxs_mistyped_2']) {
      const res = await anonymous(a.app, ip).request('POST', '/api/speaker/authenticate', { token });
      expect(res.json()).toMatchObject({ valid: false, message: 'Authentication failed' });
    }
    for (let i = 0; i < 6; i++) expect((await anonymous(b.app, ip).request('POST', '/api/auth/dev-sign-in', { username: `colleague_${i}` })).statusCode).toBe(200);
  });

  it('refuses the sixth guess of one studio token, from any IP, signed in or not: a session cookie buys no extra guesses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      // Half the guesses carry a fresh member session: that must not reset the budget.
      const guesser = i % 2 === 0 ? anonymous(app.app, `10.201.0.${i}`) : await signInAs(app.app, app.database.db, `guesser_${i}`);
      statuses.push((await guesser.request('POST', '/api/speaker/authenticate', { token: 'adxs_guessed_token_value' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another value still has its budget.
    expect((await anonymous(a.app, '10.201.1.1').request('POST', '/api/speaker/authenticate', { token: 'adxs_other_value' })).statusCode).toBe(200);
  });

  it('stops one IP at 20 studio-token attempts per 5 minutes, whatever it guesses and whatever cookie it sends', async () => {
    const member = await signInAs(a.app, a.database.db, 'token_sprayer');
    const sprayer = anonymous(a.app, '10.202.0.1');
    for (const [name, value] of member.jar.cookies) sprayer.jar.cookies.set(name, value);
    sprayer.csrf = member.csrf;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await sprayer.request('POST', '/api/speaker/authenticate', { token: `adxs_spray_${i}` })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('keys signed-in calls by member, not IP: 60 API calls a minute', async () => {
    const member = await signInAs(a.app, a.database.db, 'busy_member');
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await member.request('GET', '/api/me/privacy')).statusCode;
    expect(last).toBe(429);
    const neighbour = await signInAs(a.app, a.database.db, 'quiet_member');
    expect((await neighbour.request('GET', '/api/me/privacy')).statusCode).toBe(200);
  });
});

describe('when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses rate-limited sensitive calls with 503 and a clear message (fails closed)', async () => {
    const res = await anonymous(t.app).request('POST', '/api/auth/dev-sign-in', { username: 'no_redis' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/safety check is unavailable/);
  });

  it('lets plain reads through (fails open)', async () => {
    const user = await buildUser(t.database.db, { discord_username: 'reader' });
    const s = await buildSignIn(t.database.db, user.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/privacy', headers: { cookie: `adx_session=${s.cookie}` } });
    expect(res.statusCode).toBe(200);
  });
});
