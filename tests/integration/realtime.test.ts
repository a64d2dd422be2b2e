import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@app/common/events';
import { rooms } from '@app/common/events';
import { hashSessionId } from '@app/common/server/sessions/sessions.repository';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs, type Client } from '../helpers/session';

let t: TestApp;
/** A second API instance on the same Postgres and Redis (as behind the production proxy). */
let t2: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ listen: true, env: { SOCKET_SESSION_RECHECK_MS: '200' } });
  t2 = await startTestApp({ listen: true, env: { SOCKET_SESSION_RECHECK_MS: '200', DATABASE_URL: t.database.url, REDIS_PREFIX: t.config.REDIS_PREFIX } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t2?.close();
  await t?.close();
});

function connect(headers: Record<string, string> = {}, baseUrl = t.baseUrl): Socket {
  const s = io(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: baseUrl, ...headers }, reconnection: false });
  sockets.push(s);
  return s;
}
const join = (s: Socket, room: string) => new Promise<{ ok: boolean; error?: string }>((resolve) => s.emit('join', room, resolve));
const connected = (s: Socket) => new Promise<void>((resolve, reject) => { s.on('connect', () => resolve()); s.on('connect_error', reject); });

describe('Socket.IO handshake and rooms', () => {
  it('refuses a handshake from another origin', async () => {
    const s = connect({ origin: 'https://evil.example' });
    await expect(connected(s)).rejects.toThrow();
  });

  it('lets anyone follow the public ledger, members their own room, and only admins the admins room', async () => {
    const anon = connect();
    await connected(anon);
    expect(await join(anon, 'ledger')).toEqual({ ok: true });
    expect(await join(anon, 'me')).toMatchObject({ ok: false, error: 'Please sign in' });
    expect(await join(anon, 'admins')).toMatchObject({ ok: false });

    const member = await signInAs(t.app, t.database.db, 'socket_member');
    const m = connect({ cookie: member.jar.header() });
    await connected(m);
    expect(await join(m, 'me')).toEqual({ ok: true });
    expect(await join(m, 'admins')).toEqual({ ok: false, error: 'Not allowed' });

    const admin = await signInAs(t.app, t.database.db, 'socket_admin', { admin: true });
    const a = connect({ cookie: admin.jar.header() });
    await connected(a);
    expect(await join(a, 'admins')).toEqual({ ok: true });

    const received = new Promise((resolve) => anon.on('ledger:row', resolve));
    t.app.io.to('ledger').emit('ledger:row', { investor_id: 'ADX0001', purchase_date: '2025-01-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '10.00000000', created_at: new Date().toISOString() });
    expect(await received).toMatchObject({ investor_id: 'ADX0001' });
  });
});

/** Resolves with what arrives for `event` within `ms` (undefined when nothing does). */
function within<T>(s: Socket, event: string, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
const paymentEvent = (id: string) => ({ kind: 'investment' as const, id, status: 'paid' as const, investor_id: null });
const cookieValue = (c: Client) => /adx_session=([^;]+)/.exec(c.jar.header())![1]!;

describe("a sign-in's end ends its sockets, on every API instance", () => {
  it('sign-out: sockets opened before it (on this and another instance) receive nothing after it and are disconnected', async () => {
    const member = await signInAs(t.app, t.database.db, 'leaving_member');
    const here = connect({ cookie: member.jar.header() });
    const there = connect({ cookie: member.jar.header() }, t2.baseUrl);
    await Promise.all([connected(here), connected(there)]);
    expect(await join(here, 'me')).toEqual({ ok: true });
    expect(await join(there, 'me')).toEqual({ ok: true });
    const before = within(there, 'payment:status', 2_000);
    t.app.io.to(rooms.user(member.userId!)).emit('payment:status', paymentEvent('before'));
    expect(await before).toMatchObject({ id: 'before' });

    const ended = Promise.all([within(here, 'disconnect', 3_000), within(there, 'disconnect', 3_000)]);
    expect((await member.request('POST', '/api/auth/sign-out')).statusCode).toBe(200);
    expect(await ended).toEqual(['io server disconnect', 'io server disconnect']);
    const after = [within(here, 'payment:status', 500), within(there, 'payment:status', 500)];
    t.app.io.to(rooms.user(member.userId!)).emit('payment:status', paymentEvent('after'));
    expect(await Promise.all(after)).toEqual([undefined, undefined]);
  });

  it('a new sign-in in the same browser revokes the old session and ends its sockets', async () => {
    const member = await signInAs(t.app, t.database.db, 'switching_member');
    const s = connect({ cookie: member.jar.header() }, t2.baseUrl);
    await connected(s);
    expect(await join(s, 'me')).toEqual({ ok: true });
    const ended = within(s, 'disconnect', 3_000);
    expect((await member.request('POST', '/api/auth/dev-sign-in', { username: 'switching_member_two' })).statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('expiry: a session that expires while its socket is open ends the socket within the recheck interval', async () => {
    const member = await signInAs(t.app, t.database.db, 'expiring_member');
    const s = connect({ cookie: member.jar.header() });
    await connected(s);
    expect(await join(s, 'me')).toEqual({ ok: true });
    const ended = within(s, 'disconnect', 3_000);
    await t.database.db('sessions').where({ id_hash: hashSessionId(cookieValue(member)) }).update({ expires_at: t.database.db.raw("now() - interval '1 second'") });
    expect(await ended).toBe('io server disconnect');
  });

  it('admin role removed: the socket leaves the admins room on every instance and may not join it again', async () => {
    const admin = await signInAs(t.app, t.database.db, 'demoted_admin', { admin: true });
    const here = connect({ cookie: admin.jar.header() });
    const there = connect({ cookie: admin.jar.header() }, t2.baseUrl);
    await Promise.all([connected(here), connected(there)]);
    expect(await join(here, 'admins')).toEqual({ ok: true });
    expect(await join(there, 'admins')).toEqual({ ok: true });
    await t.database.db('user_roles').where({ user_id: admin.userId!, role: 'admin' }).update({ is_active: false });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = [within(here, 'payment:status', 500), within(there, 'payment:status', 500)];
    t.app.io.to(rooms.admins).emit('payment:status', paymentEvent('admins-after'));
    expect(await Promise.all(after)).toEqual([undefined, undefined]);
    expect(await join(here, 'admins')).toEqual({ ok: false, error: 'Not allowed' });
    expect(here.connected && there.connected).toBe(true);
  });
});
