import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@app/common/events';
import { chunkObjectKey, encodeFrame, INGEST_CLOSE, INGEST_CLOSE_REASONS, INGEST_PATH, MAX_FRAME_BYTES, MAX_RECORDING_BYTES, STUDIO_API } from '@app/common/studio';
import { issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';
import { chunkBytes, IngestClient, sha256, startTake, studioSpeaker } from '../helpers/studio';

let t: TestApp;
const open: IngestClient[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  for (const c of open) c.ws.terminate();
  for (const s of sockets) s.disconnect();
  await t.close();
});

function ingest(recordingId: string, opts: { cookie?: string; origin?: string | null } = {}): IngestClient {
  const c = new IngestClient(t.baseUrl, recordingId, opts);
  open.push(c);
  return c;
}

describe('ingest socket', () => {
  it('stores chunks idempotently: duplicates acked once stored, out-of-order fine, resume point after a reconnect', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const cookie = client.jar.header();
    const c = ingest(take.recording_id, { cookie });
    expect(await c.hello()).toEqual({ type: 'hello', recording_id: take.recording_id, next_seq: 0, held_after: [], bytes_received: 0, max_frame_bytes: MAX_FRAME_BYTES });

    const a0 = await c.sendAndAck(0, chunkBytes(0));
    expect(a0).toEqual({ type: 'ack', seq: 0, duplicate: false, next_seq: 1, bytes_received: 4096 });
    const a2 = await c.sendAndAck(2, chunkBytes(2));
    expect(a2).toMatchObject({ seq: 2, duplicate: false, next_seq: 1 });
    const a1 = await c.sendAndAck(1, chunkBytes(1));
    expect(a1).toMatchObject({ seq: 1, duplicate: false, next_seq: 3, bytes_received: 3 * 4096 });
    const dup = await c.sendAndAck(1, chunkBytes(1));
    expect(dup).toMatchObject({ seq: 1, duplicate: true, next_seq: 3, bytes_received: 3 * 4096 });
    const a5 = await c.sendAndAck(5, chunkBytes(5));
    expect(a5).toMatchObject({ seq: 5, next_seq: 3 });

    const rows = await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).orderBy('seq');
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 5]);
    expect(rows[1]).toMatchObject({ size_bytes: 4096, sha256: sha256(chunkBytes(1)), storage_key: chunkObjectKey(sessionId, take.recording_id, 1) });
    expect(await t.app.storage.get(rows[2].storage_key)).toEqual(chunkBytes(2));
    // Raw chunks are stored, but never served.
    expect((await anonymous(t.app).request('GET', `/files/${rows[2].storage_key}`)).statusCode).toBe(404);
    expect(Number((await t.database.db('recordings').where({ id: take.recording_id }).first()).bytes_received)).toBe(4 * 4096);

    // Reconnect mid-take: the server tells where to resume.
    await c.close();
    const again = ingest(take.recording_id, { cookie });
    expect(await again.hello()).toMatchObject({ next_seq: 3, held_after: [5], bytes_received: 4 * 4096 });
    expect((await again.sendAndAck(3, chunkBytes(3))).next_seq).toBe(4);
    expect((await again.sendAndAck(4, chunkBytes(4))).next_seq).toBe(6);
    const state = (await client.request('GET', `${STUDIO_API}/state`)).json();
    expect(state.take).toMatchObject({ next_seq: 6, held_after: [], bytes_received: 6 * 4096 });
    // Prometheus sees the ingest too (process-wide figures: at least this test's bytes and open socket).
    const metrics = (await anonymous(t.app).request('GET', '/metrics')).body;
    expect(Number(/^studio_ingest_bytes_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(6 * 4096);
    expect(Number(/^studio_ingest_sockets (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('handles frames sent right after the handshake, before hello (queued, in order)', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const c = ingest(take.recording_id, { cookie: client.jar.header() });
    await new Promise((resolve) => c.ws.once('open', resolve));
    for (let seq = 0; seq < 5; seq++) c.send(seq, chunkBytes(seq, 1000));
    const acks = await c.acks(4);
    expect(acks[0]).toMatchObject({ next_seq: 5, bytes_received: 5000 });
  });

  it('refuses with the contract close codes: no credential, wrong session, bad origin, unknown recording, oversize frame, malformed frame', async () => {
    const a = await studioSpeaker(t.app, t.database.db);
    const b = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(a.client);

    expect(await ingest(take.recording_id).closed).toEqual({ code: INGEST_CLOSE.unauthorized, reason: INGEST_CLOSE_REASONS[INGEST_CLOSE.unauthorized] });
    expect((await ingest(take.recording_id, { cookie: 'adx_studio=forged' }).closed).code).toBe(INGEST_CLOSE.unauthorized);
    expect((await ingest(take.recording_id, { cookie: b.client.jar.header() }).closed).code).toBe(INGEST_CLOSE.wrongSession);
    expect((await ingest(take.recording_id, { cookie: a.client.jar.header(), origin: 'https://evil.example' }).closed).code).toBe(INGEST_CLOSE.badOrigin);
    expect((await ingest(take.recording_id, { cookie: a.client.jar.header(), origin: null }).closed).code).toBe(INGEST_CLOSE.badOrigin);
    expect((await ingest('00000000-0000-4000-8000-000000000000', { cookie: a.client.jar.header() }).closed).code).toBe(INGEST_CLOSE.unknownRecording);

    const big = ingest(take.recording_id, { cookie: a.client.jar.header() });
    await big.hello();
    big.send(0, Buffer.alloc(MAX_FRAME_BYTES)); // header + chunk = MAX_FRAME_BYTES + 4
    expect(await big.closed).toEqual({ code: INGEST_CLOSE.frameTooLarge, reason: INGEST_CLOSE_REASONS[INGEST_CLOSE.frameTooLarge] });

    const fits = ingest(take.recording_id, { cookie: a.client.jar.header() });
    await fits.hello();
    const largest = Buffer.alloc(MAX_FRAME_BYTES - 4, 7);
    chunkBytes(0, 4).copy(largest); // seq 0 opens a WebM stream
    expect((await fits.sendAndAck(0, largest)).duplicate).toBe(false);
    fits.ws.send(Buffer.from([1, 2]));
    expect((await fits.closed).code).toBe(INGEST_CLOSE.badFrame);

    const text = ingest(take.recording_id, { cookie: a.client.jar.header() });
    await text.hello();
    text.ws.send('hello?');
    expect((await text.closed).code).toBe(INGEST_CLOSE.badFrame);
    expect(await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('answers a plain GET of the ingest path 426 and unknown upgrade paths 404', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    expect((await client.request('GET', INGEST_PATH)).statusCode).toBe(426);
    const stray = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}/api/nothing-here`, { headers: { origin: t.baseUrl } });
    const status = await new Promise<number>((resolve) => {
      stray.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      stray.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('one sender per take: a second socket replaces the first (4408), and a take no longer live refuses (4409)', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const first = ingest(take.recording_id, { cookie: client.jar.header() });
    await first.hello();
    const second = ingest(take.recording_id, { cookie: client.jar.header() });
    await second.hello();
    expect((await first.closed).code).toBe(INGEST_CLOSE.replaced);
    await second.sendAndAck(0, chunkBytes(0));
    const fin = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 0 });
    expect(fin.statusCode, fin.body).toBe(202);
    second.send(1, chunkBytes(1));
    expect((await second.closed).code).toBe(INGEST_CLOSE.notLive);
    expect((await ingest(take.recording_id, { cookie: client.jar.header() }).closed).code).toBe(INGEST_CLOSE.notLive);
  });

  it('works beside Socket.IO on the same server: a studio credential joins only its own session room', async () => {
    const a = await studioSpeaker(t.app, t.database.db);
    const b = await studioSpeaker(t.app, t.database.db);
    const s = io(t.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: t.baseUrl, cookie: a.client.jar.header() }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve());
      s.on('connect_error', reject);
    });
    const join = (room: string) => new Promise<{ ok: boolean; error?: string }>((resolve) => s.emit('join', room as 'ledger', resolve));
    expect(await join(`session:${a.sessionId}`)).toEqual({ ok: true });
    expect(await join(`session:${b.sessionId}`)).toEqual({ ok: false, error: 'Not allowed' });

    const statuses: unknown[] = [];
    s.on('session:status', (e) => statuses.push(e));
    s.on('recording:status', (e) => statuses.push(e));
    const take = await startTake(a.client);
    // The ingest socket upgrades while the Socket.IO one stays connected.
    const c = ingest(take.recording_id, { cookie: a.client.jar.header() });
    await c.hello();
    // Outlive engine.io's destroyUpgradeTimeout (1 s): the ingest socket must not be cut by Socket.IO.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await c.sendAndAck(0, chunkBytes(0))).next_seq).toBe(1);
    await new Promise<void>((resolve) => {
      const check = () => (statuses.length >= 2 ? resolve() : setTimeout(check, 50));
      check();
    });
    expect(statuses).toEqual([
      { session_id: a.sessionId, status: 'live' },
      { session_id: a.sessionId, recording_id: take.recording_id, status: 'recording' },
    ]);
    expect(s.connected).toBe(true);
    // Socket.IO's own upgrade still works after the ingest socket's.
    const s2 = io(t.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: t.baseUrl }, reconnection: false });
    sockets.push(s2);
    await new Promise<void>((resolve, reject) => {
      s2.on('connect', () => resolve());
      s2.on('connect_error', reject);
    });
  });

  it('closes 4507 when a chunk would take the recording past MAX_RECORDING_BYTES, storing nothing', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const c = ingest(take.recording_id, { cookie: client.jar.header() });
    await c.hello();
    await c.sendAndAck(0, chunkBytes(0, 100));
    // As if ~4 GiB had been received already (on this socket's connect, and then behind its back).
    await t.database.db('recordings').where({ id: take.recording_id }).update({ bytes_received: MAX_RECORDING_BYTES - 50 });
    c.send(1, chunkBytes(1, 100));
    expect((await c.closed).code).toBe(INGEST_CLOSE.quotaExceeded);
    const again = ingest(take.recording_id, { cookie: client.jar.header() });
    expect((await again.hello()).bytes_received).toBe(MAX_RECORDING_BYTES - 50);
    again.send(1, chunkBytes(1, 100));
    expect(await again.closed).toEqual({ code: INGEST_CLOSE.quotaExceeded, reason: INGEST_CLOSE_REASONS[INGEST_CLOSE.quotaExceeded] });
    expect((await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).map((r) => r.seq)).toEqual([0]);
  });

  it('ends an open socket with 4401 once its credential is revoked by a new speaker token', async () => {
    const quick = await startTestApp({ listen: true, env: { STUDIO_CREDENTIAL_RECHECK_MS: '200' } });
    try {
      const { sessionId, client } = await studioSpeaker(quick.app, quick.database.db, 'Revoked mid-take');
      const take = await startTake(client);
      const c = new IngestClient(quick.baseUrl, take.recording_id, { cookie: client.jar.header() });
      open.push(c);
      await c.hello();
      await c.sendAndAck(0, chunkBytes(0));
      // Still valid: the rechecks leave it open.
      await new Promise((r) => setTimeout(r, 600));
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      await issueSpeakerToken(quick.database.db, sessionId, null);
      expect(await c.closed).toEqual({ code: INGEST_CLOSE.unauthorized, reason: INGEST_CLOSE_REASONS[INGEST_CLOSE.unauthorized] });
      // What was acked before stays stored.
      expect(await quick.database.db('recording_chunks').where({ recording_id: take.recording_id })).toHaveLength(1);
    } finally {
      await quick.close();
    }
  });

  it('rejects a frame whose seq does not fit Postgres (4400)', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const c = ingest(take.recording_id, { cookie: client.jar.header() });
    await c.hello();
    c.ws.send(encodeFrame(0xffffffff, chunkBytes(0, 10)));
    expect((await c.closed).code).toBe(INGEST_CLOSE.badFrame);
  });
});
