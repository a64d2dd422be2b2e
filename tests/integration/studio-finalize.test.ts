import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@app/common/events';
import { enqueue } from '@app/common/server/queues';
import { INGEST_CLOSE, STUDIO_API } from '@app/common/studio';
import { buildApp } from '../../api/src/app';
import type { TestApp } from '../helpers/app';
import { signInAs } from '../helpers/session';
import { mediaChunks } from '../helpers/media';
import { chunkBytes, sha256, startTake, studioSpeaker } from '../helpers/studio';
import { useFinalizeApp } from '../helpers/studio-finalize';
import { eventually } from '../helpers/worker';

const finalizeApp = useFinalizeApp();
const { startWorker, ingest, row, queuesOf } = finalizeApp;
let t: TestApp;
const sockets: Socket[] = [];
const extraApps: FastifyInstance[] = [];
beforeAll(() => {
  t = finalizeApp.t;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const a of extraApps) await a.close();
});

async function socketIn(room: string, cookie: string): Promise<{ socket: Socket; events: Array<[string, unknown]> }> {
  const s = io(t.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: t.baseUrl, cookie }, reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.on('connect', () => resolve());
    s.on('connect_error', reject);
  });
  const joined = await new Promise<{ ok: boolean }>((resolve) => s.emit('join', room as 'ledger', resolve));
  expect(joined).toEqual({ ok: true });
  const events: Array<[string, unknown]> = [];
  s.onAny((name: string, payload: unknown) => events.push([name, payload]));
  return { socket: s, events };
}

describe('studio take lifecycle', () => {
  it('scheduled → live → (finish: missing chunks refused) → finalizing → completed only after the worker; one object, archive row, chunks deleted, events to the room', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db, 'Lifecycle');
    const studio = await socketIn(`session:${sessionId}`, client.jar.header());
    const admin = await signInAs(t.app, t.database.db, 'finalize_admin', { admin: true });
    const manage = await socketIn(`session:${sessionId}`, admin.jar.header());

    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('scheduled');
    const take = await startTake(client);
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('live');

    const chunks = mediaChunks('webm', 8, 3);
    const c = ingest(t.baseUrl, take.recording_id, client.jar.header());
    await c.hello();
    for (const seq of [0, 1, 2, 7, 4, 3, 6]) await c.sendAndAck(seq, chunks[seq]!);

    const early = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 7, duration_seconds: 3 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ statusCode: 409, missing: [5], message: '1 recording chunk is missing: 5' });

    await c.sendAndAck(5, chunks[5]!);
    // The take began a minute ago (wall clock), the studio's timer counted 3 s live.
    await t.database.db('recordings').where({ id: take.recording_id }).update({ started_at: t.database.db.raw(`now() - interval '60 seconds'`) });
    const fin = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 7, duration_seconds: 3 });
    expect(fin.statusCode, fin.body).toBe(202);
    expect(fin.json()).toMatchObject({ recording_id: take.recording_id, status: 'finalizing', next_seq: 8 });
    // A repeated Stop answers the same.
    expect((await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 7 })).statusCode).toBe(202);
    expect((await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 6 })).statusCode).toBe(409);
    c.send(8, chunkBytes(8, 10, 'lifecycle')); // a late chunk after Stop is refused
    expect((await c.closed).code).toBe(INGEST_CLOSE.notLive);

    // Not completed before the worker ran.
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('live');
    expect((await row('recordings', { id: take.recording_id })).status).toBe('finalizing');
    expect(await row('session_archive', { session_id: sessionId })).toBeUndefined();

    await startWorker();
    await eventually(async () => (await row('recordings', { id: take.recording_id })).status === 'completed', 60_000, 'recording completed');

    const rec = await row('recordings', { id: take.recording_id });
    const all = Buffer.concat(chunks);
    // The stored file is the chunks remuxed (helpers: studio-media.test.ts); the chunks' own hash is kept.
    const stored = (await t.app.storage.get(rec.object_key))!;
    expect(rec).toMatchObject({ sha256: sha256(stored), source_sha256: sha256(chunks), duration_seconds: 3, error: null });
    expect(Number(rec.size_bytes)).toBe(stored.length);
    expect(Number(rec.source_size_bytes)).toBe(all.length);
    expect(rec.object_key).toMatch(new RegExp(`^speaker-recordings/${sessionId}/recordings/session-${sessionId}-\\d+\\.webm$`));
    expect((await t.app.storage.stat(rec.object_key))?.contentType).toBe('video/webm');

    const session = await row('speaker_sessions', { id: sessionId });
    expect(session).toMatchObject({ status: 'completed', recording_url: t.app.storage.publicUrl(rec.object_key), duration_seconds: 3 });
    const archive = await t.database.db('session_archive').where({ session_id: sessionId });
    expect(archive).toHaveLength(1);
    expect(archive[0]).toMatchObject({ session_title: 'Lifecycle', speaker_topic: 'Trust', speaker_avatar: 'https://cdn.example/a.png', recording_url: session.recording_url, duration_seconds: 3 });
    expect(archive[0].speaker_name).toMatch(/^speaker_/);
    expect(archive[0].actual_start_time.getTime()).toBe(session.actual_start_time.getTime());
    // Chunks are deleted right after the completion commits.
    await eventually(async () => (await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).length === 0, 30_000, 'chunks deleted');
    expect(await t.app.storage.exists(`speaker-recordings/${sessionId}/chunks/${take.recording_id}/0000000000.part`)).toBe(false);
    // The finalize job asked the render queue for the archive card's thumbnail.
    await eventually(async () => Boolean((await row('session_archive', { session_id: sessionId })).thumbnail_url), 60_000, 'archive thumbnail');

    // The studio and the manage tab saw the whole story, in order.
    for (const events of [studio.events, manage.events]) {
      await eventually(async () => events.some(([n, p]) => n === 'session:status' && (p as { status: string }).status === 'completed'), 15_000, 'session completed event');
      const story = events.filter(([n]) => n !== 'recording:progress').map(([n, p]) => `${n}:${(p as { status: string }).status}`);
      expect(story).toEqual(['session:status:live', 'recording:status:recording', 'recording:status:finalizing', 'recording:status:finalizing', 'recording:status:completed', 'session:status:completed']);
      const progress = events.filter(([n]) => n === 'recording:progress').map(([, p]) => (p as { percent: number }).percent);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(events.find(([n, p]) => n === 'recording:status' && (p as { status: string }).status === 'completed')![1]).toMatchObject({ recording_url: session.recording_url });
    }

    // The state the studio refetches shows the completed take.
    const state = (await client.request('GET', `${STUDIO_API}/state`)).json();
    expect(state).toMatchObject({ session: { status: 'completed' }, take: { status: 'completed', final_seq: 7, recording_url: session.recording_url } });

    // Finalize again (a redelivered job): no second archive row, no failure though the chunks are gone.
    const again = await enqueue(queuesOf(), 'recording.finalize', { recordingId: take.recording_id }, { jobId: `${take.recording_id}-again` });
    const job = await queuesOf().recordings.getJob(again);
    await eventually(async () => (await job!.getState()) === 'completed', 30_000, 'second finalize done');
    expect(await t.database.db('session_archive').where({ session_id: sessionId })).toHaveLength(1);
    expect((await row('recordings', { id: take.recording_id })).status).toBe('completed');
  }, 120_000);

  it('an API restarted mid-take keeps every chunk: the studio resumes at the server\'s seq and the final object is all chunks in order', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db, 'Restart');
    const take = await startTake(client);
    const chunks = mediaChunks('webm', 12, 3);
    const cookie = client.jar.header();

    // A second API on the same database and storage, to be killed mid-take.
    const first = await buildApp(t.config);
    await first.listen({ port: 0, host: '127.0.0.1' });
    const firstUrl = `http://127.0.0.1:${(first.server.address() as { port: number }).port}`;
    const c1 = ingest(firstUrl, take.recording_id, cookie);
    await c1.hello();
    for (let seq = 0; seq < 5; seq++) await c1.sendAndAck(seq, chunks[seq]!);
    c1.send(5, chunks[5]!); // maybe stored, maybe not: the studio keeps it until acked
    await first.close();
    expect((await c1.closed).code).toBe(1012);

    const second = await buildApp(t.config);
    extraApps.push(second);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    const c2 = ingest(secondUrl, take.recording_id, cookie);
    const hello = await c2.hello();
    expect([5, 6]).toContain(hello.next_seq);
    for (let seq = hello.next_seq; seq < chunks.length; seq++) await c2.sendAndAck(seq, chunks[seq]!);
    const fin = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: 11 });
    expect(fin.statusCode, fin.body).toBe(202);

    await startWorker();
    await eventually(async () => (await row('recordings', { id: take.recording_id })).status === 'completed', 60_000, 'recording completed');
    const rec = await row('recordings', { id: take.recording_id });
    expect(rec.source_sha256).toBe(sha256(chunks));
    expect(sha256((await t.app.storage.get(rec.object_key))!)).toBe(rec.sha256);
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('completed');
  }, 120_000);

  it('a take whose chunk vanished after Stop fails with the missing seqs on its last attempt, and says so to the room', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db, 'Lost chunk');
    const studio = await socketIn(`session:${sessionId}`, client.jar.header());
    const take = await startTake(client);
    const c = ingest(t.baseUrl, take.recording_id, client.jar.header());
    await c.hello();
    for (let seq = 0; seq < 4; seq++) await c.sendAndAck(seq, chunkBytes(seq, 2000));
    await c.close();
    // Finish refuses missing chunks, so this state only arises from losing stored chunks afterwards:
    // mark the take finished at seq 5 (4 and 5 never stored) and finalize with 2 quick attempts.
    await t.database.db('recordings').where({ id: take.recording_id }).update({ status: 'finalizing', final_seq: 5, ended_at: t.database.db.fn.now() });
    await startWorker();
    await enqueue(queuesOf(), 'recording.finalize', { recordingId: take.recording_id }, { jobId: `${take.recording_id}-lost`, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
    await eventually(async () => (await row('recordings', { id: take.recording_id })).status === 'failed', 60_000, 'recording failed');
    const rec = await row('recordings', { id: take.recording_id });
    expect(rec.error).toBe('2 recording chunks are missing: 4, 5');
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('live');
    expect(await row('session_archive', { session_id: sessionId })).toBeUndefined();
    // The stored chunks are kept (nothing is deleted from a failed take).
    expect(await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).toHaveLength(4);
    await eventually(async () => studio.events.some(([n, p]) => n === 'recording:status' && (p as { status: string }).status === 'failed'), 15_000, 'failed event');
    expect(studio.events.find(([n, p]) => n === 'recording:status' && (p as { status: string }).status === 'failed')![1]).toMatchObject({ error: '2 recording chunks are missing: 4, 5' });
    // The session is still live: the speaker can start a new take.
    const next = await startTake(client);
    expect(next.recording_id).not.toBe(take.recording_id);
    expect(next.next_seq).toBe(0);
  }, 120_000);
});
