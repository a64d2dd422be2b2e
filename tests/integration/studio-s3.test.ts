import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, MIN_PART_SIZE } from '@app/common/server/storage/index';
import { STUDIO_API } from '@app/common/studio';
import { startTestApp, type TestApp } from '../helpers/app';
import { startFakeS3, type FakeS3 } from '../helpers/s3';
import { liveRecording, splitChunks } from '../helpers/media';
import { IngestClient, sha256, startTake, studioSpeaker } from '../helpers/studio';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let s3: FakeS3;
let t: TestApp;
let worker: RunningWorkers;
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await startTestApp({ listen: true, env: s3.env });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage: createStorage(t.config) });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await s3?.close();
});

describe('studio on S3 storage', () => {
  it('stores chunks as objects and finalizes a > 5 MiB take into one object by multipart upload', async () => {
    expect(t.app.storage.driver).toBe('s3');
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db, 'S3 take');
    const take = await startTake(client);
    const chunks = splitChunks(liveRecording('webm', 8, { noisy: true }), 8);
    const c = new IngestClient(t.baseUrl, take.recording_id, { cookie: client.jar.header() });
    await c.hello();
    for (let seq = 0; seq < chunks.length; seq++) await c.sendAndAck(seq, chunks[seq]!);
    await c.close();
    const firstKey = (await t.database.db('recording_chunks').where({ recording_id: take.recording_id, seq: 0 }).first()).storage_key;
    expect(await t.app.storage.exists(firstKey)).toBe(true);

    const fin = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: chunks.length - 1 });
    expect(fin.statusCode, fin.body).toBe(202);
    await eventually(async () => (await t.database.db('recordings').where({ id: take.recording_id }).first()).status === 'completed', 90_000, 'recording completed');

    const rec = await t.database.db('recordings').where({ id: take.recording_id }).first();
    const total = chunks.reduce((n, b) => n + b.length, 0);
    expect(total).toBeGreaterThan(MIN_PART_SIZE);
    expect(Number(rec.source_size_bytes)).toBe(total);
    expect(rec.source_sha256).toBe(sha256(chunks));
    const job = await t.app.queues.recordings.getJob(take.recording_id);
    await eventually(async () => (await job!.getState()) === 'completed', 30_000, 'job completed');
    expect((await t.app.queues.recordings.getJob(take.recording_id))?.returnvalue).toMatchObject({ size: Number(rec.size_bytes), parts: 2, chunksDeleted: chunks.length });
    const stored = await t.app.storage.get(rec.object_key);
    expect(sha256(stored!)).toBe(rec.sha256);
    expect(stored!.length).toBeGreaterThan(MIN_PART_SIZE);
    expect(await t.app.storage.exists(firstKey)).toBe(false);
    expect((await t.database.db('speaker_sessions').where({ id: sessionId }).first()).status).toBe('completed');
  }, 120_000);
});
