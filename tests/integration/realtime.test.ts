import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@app/common/events';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs } from '../helpers/session';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function connect(headers: Record<string, string> = {}): Socket {
  const s = io(t.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: t.baseUrl, ...headers }, reconnection: false });
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
