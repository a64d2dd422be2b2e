import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord';
import { anonymous, type Client } from '../helpers/session';

let discord: FakeDiscord;
let t: TestApp;

beforeAll(async () => {
  discord = await startFakeDiscord();
  t = await startTestApp({
    env: {
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BASE_URL: discord.baseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_DISCORD_IDS: '300000000000000003',
    },
  });
});
afterAll(async () => {
  await t.close();
  await discord.close();
});

/** Runs the browser's part of the flow: start, follow to the fake provider, come back to the callback. */
async function authorize(client: Client, startPath = '/api/auth/discord'): Promise<{ callbackPath: string }> {
  const start = await client.request('GET', startPath);
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  expect(authorizeUrl.origin).toBe(discord.baseUrl);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(String(consent.headers.get('location')));
  expect(callback.pathname).toBe('/api/auth/discord/callback');
  return { callbackPath: `${callback.pathname}${callback.search}` };
}

async function session(client: Client) {
  return (await client.request('GET', '/api/auth/session')).json() as { user: { username: string; email: string | null; isAdmin: boolean; avatar: string | null } | null; csrfToken: string | null };
}

describe('Discord sign-in (real @fastify/oauth2 against a local fake Discord)', () => {
  it('creates the member on first sign-in and welcomes them', async () => {
    discord.nextUser = { id: '200000000000000001', username: 'ada', avatar: 'abc123', email: 'ada@example.org' };
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client);
    const done = await client.request('GET', callbackPath);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/community?welcome=1');
    const s = await session(client);
    expect(s.user).toMatchObject({ username: 'ada', email: 'ada@example.org', isAdmin: false, avatar: 'https://cdn.discordapp.com/avatars/200000000000000001/abc123.png?size=256' });
    expect(s.csrfToken).toBeTruthy();
    const cookie = done.headers['set-cookie'];
    expect(String(cookie)).toMatch(/adx_session=[\w-]{43}; .*HttpOnly; SameSite=Lax/);
  });

  it('updates username and avatar on a later sign-in, with a new session id', async () => {
    discord.nextUser = { id: '200000000000000001', username: 'ada_l', avatar: null, email: 'ada@example.org' };
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client);
    const done = await client.request('GET', callbackPath);
    expect(done.headers.location).toBe('/community');
    expect((await session(client)).user).toMatchObject({ username: 'ada_l', avatar: null });
    const users = await t.database.db('users').where({ discord_id: '200000000000000001' });
    expect(users).toHaveLength(1);
    expect(users[0].last_sign_in_at).toBeInstanceOf(Date);
  });

  it('refuses a wrong state', async () => {
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client);
    const tampered = callbackPath.replace(/state=[^&]+/, 'state=forged');
    const res = await client.request('GET', tampered);
    expect(res.headers.location).toBe('/auth?error=signin_failed');
    expect((await session(client)).user).toBeNull();
  });

  it('refuses a reused code', async () => {
    const first = anonymous(t.app);
    const { callbackPath } = await authorize(first);
    const cookies = first.jar.header();
    expect((await first.request('GET', callbackPath)).headers.location).toMatch(/^\/community/);
    // Replaying the same callback (same code, same state cookies) must not sign anyone in.
    const replay = anonymous(t.app);
    const res = await replay.request('GET', callbackPath, undefined, { cookie: cookies });
    expect(res.headers.location).toBe('/auth?error=signin_failed');
    expect((await session(replay)).user).toBeNull();
  });

  it('maps a provider failure to the spec message code', async () => {
    discord.failProfileWith = 500;
    try {
      const client = anonymous(t.app);
      const { callbackPath } = await authorize(client);
      expect((await client.request('GET', callbackPath)).headers.location).toBe('/auth?error=signin_failed');
    } finally {
      discord.failProfileWith = null;
    }
  });

  it('grants admin to ADMIN_DISCORD_IDS at sign-in, and records the sign-in in the audit log', async () => {
    discord.nextUser = { id: '300000000000000003', username: 'root_admin', email: 'boss@example.org' };
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client);
    await client.request('GET', callbackPath);
    expect((await session(client)).user?.isAdmin).toBe(true);
    const events = await t.database.db('security_audit_logs').whereIn('event_type', ['sign_in', 'admin_role_granted']).select('event_type', 'ip_address', 'user_agent');
    expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['sign_in', 'admin_role_granted']));
  });

  it('has no dev sign-in when Discord is configured', async () => {
    const res = await anonymous(t.app).request('POST', '/api/auth/dev-sign-in', { username: 'sneaky' });
    expect(res.statusCode).toBe(404);
  });

  it('comes back to the page that asked, carried in the OAuth state', async () => {
    discord.nextUser = { id: '200000000000000007', username: 'returning', email: null };
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client, `/api/auth/discord?returnTo=${encodeURIComponent('/investment-success?session_id=cs_1')}`);
    expect((await client.request('GET', callbackPath)).headers.location).toBe('/investment-success?session_id=cs_1');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', '/api/auth/sign-out'])('refuses the return path %s (lands on /community)', async (returnTo) => {
    discord.nextUser = { id: '200000000000000008', username: 'wary', email: null };
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client, `/api/auth/discord?returnTo=${encodeURIComponent(returnTo)}`);
    expect((await client.request('GET', callbackPath)).headers.location).toMatch(/^\/community(\?welcome=1)?$/);
  });

  it('refuses a state whose return path was swapped on the way', async () => {
    const client = anonymous(t.app);
    const { callbackPath } = await authorize(client, '/api/auth/discord?returnTo=%2Fsecurity');
    const swapped = callbackPath.replace(/state=([^.&]+)\.[^&]*/, (_m, nonce: string) => `state=${nonce}.${Buffer.from('//evil.example').toString('base64url')}`);
    expect(swapped).not.toBe(callbackPath);
    expect((await client.request('GET', swapped)).headers.location).toBe('/auth?error=signin_failed');
    expect((await session(client)).user).toBeNull();
  });
});
