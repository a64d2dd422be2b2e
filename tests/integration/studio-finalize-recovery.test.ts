import { rmSync, truncateSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '@app/common/server/queues';
import { createStorage } from '@app/common/server/storage/index';
import type { TestApp } from '../helpers/app';
import { signInAs } from '../helpers/session';
import { mediaChunks } from '../helpers/media';
import { startTake, studioSpeaker } from '../helpers/studio';
import { useFinalizeApp } from '../helpers/studio-finalize';
import { eventually } from '../helpers/worker';

const finalizeApp = useFinalizeApp();
const { startWorker, ingest, row, queuesOf } = finalizeApp;
let t: TestApp;
beforeAll(() => {
  t = finalizeApp.t;
});

describe('chunk files lost or changed on disk after Stop', () => {
  /** A finished 4-chunk take whose chunk 2's file `spoil` then changes, finalized with 2 quick attempts: the failed row. */
  async function finalizeSpoiled(name: string, spoil: (file: string) => void) {
    const { client } = await studioSpeaker(t.app, t.database.db, name);
    const take = await startTake(client);
    const c = ingest(t.baseUrl, take.recording_id, client.jar.header());
    await c.hello();
    const chunks = mediaChunks('webm', 4, 2);
    for (let seq = 0; seq < chunks.length; seq++) await c.sendAndAck(seq, chunks[seq]!);
    await c.close();
    const chunk = await row('recording_chunks', { recording_id: take.recording_id, seq: 2 });
    spoil(createStorage(t.config).blobFile(chunk.storage_key as string)!);
    await t.database.db('recordings').where({ id: take.recording_id }).update({ status: 'finalizing', final_seq: chunks.length - 1, ended_at: t.database.db.fn.now() });
    await startWorker();
    await enqueue(queuesOf(), 'recording.finalize', { recordingId: take.recording_id }, { jobId: `${take.recording_id}-spoiled`, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
    await eventually(async () => (await row('recordings', { id: take.recording_id })).status === 'failed', 60_000, 'recording failed');
    return { rec: await row('recordings', { id: take.recording_id }), key: chunk.storage_key as string, size: Number(chunk.size_bytes) };
  }

  it('a chunk file that vanished fails the take naming the chunk, and stores nothing', async () => {
    const { rec, key } = await finalizeSpoiled('Vanished file', (file) => rmSync(file));
    expect(rec.error).toBe(`chunk 2 is missing from storage (${key})`);
    expect(rec.object_key).toBeNull();
  }, 120_000);

  it('a chunk file cut short fails the take naming the chunk and both sizes', async () => {
    const { rec, size } = await finalizeSpoiled('Cut file', (file) => truncateSync(file, 100));
    expect(rec.error).toBe(`chunk 2 is corrupt in storage (100 bytes, expected ${size})`);
    expect(rec.object_key).toBeNull();
  }, 120_000);
});

describe('recovery and admin', () => {
  it('recording.reconcile re-enqueues a take left finalizing (Stop accepted while Redis was away)', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db, 'Reconcile');
    const take = await startTake(client);
    const c = ingest(t.baseUrl, take.recording_id, client.jar.header());
    await c.hello();
    const chunks = mediaChunks('webm', 3, 2);
    for (let seq = 0; seq < 3; seq++) await c.sendAndAck(seq, chunks[seq]!);
    await c.close();
    // As if finish committed but its enqueue never reached Redis: finalizing, no job.
    await t.database.db('recordings').where({ id: take.recording_id }).update({ status: 'finalizing', final_seq: 2, ended_at: t.database.db.fn.now(), updated_at: t.database.db.raw(`now() - interval '10 minutes'`) });
    await startWorker();
    await enqueue(queuesOf(), 'recording.reconcile', {}, { jobId: `reconcile-${take.recording_id}` });
    await eventually(async () => (await row('recordings', { id: take.recording_id })).status === 'completed', 60_000, 'recording completed by the reconciled job');
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('completed');
  }, 120_000);

  it('admins set and clear a session\'s recording URL (update_recording_url); the archive entry follows', async () => {
    const admin = await signInAs(t.app, t.database.db, 'url_admin', { admin: true });
    const { sessionId } = await studioSpeaker(t.app, t.database.db, 'URL');
    await t.database.db('session_archive').insert({ session_id: sessionId, session_title: 'URL' });
    const set = await admin.request('PUT', `/api/speaker-sessions/${sessionId}/recording-url`, { recording_url: 'https://video.example/x.webm' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().recording_url).toBe('https://video.example/x.webm');
    expect((await row('session_archive', { session_id: sessionId })).recording_url).toBe('https://video.example/x.webm');
    const bad = await admin.request('PUT', `/api/speaker-sessions/${sessionId}/recording-url`, { recording_url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ recording_url: ['Recording URL must be a valid URL'] });
    const cleared = await admin.request('PUT', `/api/speaker-sessions/${sessionId}/recording-url`, { recording_url: null });
    expect(cleared.json().recording_url).toBeNull();
    expect((await admin.request('PUT', '/api/speaker-sessions/00000000-0000-4000-8000-000000000000/recording-url', { recording_url: null })).statusCode).toBe(404);
    expect(await t.database.db('security_audit_logs').where({ event_type: 'session_recording_url_updated' })).toHaveLength(2);
  });
});
