import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '@app/common/server/storage/index';
import { INGEST_CLOSE, STUDIO_API } from '@app/common/studio';
import { startTestApp, type TestApp } from '../helpers/app';
import { hasSeekIndex, liveRecording, mediaChunks, probe, splitChunks } from '../helpers/media';
import { IngestClient, sha256, startTake, studioSpeaker } from '../helpers/studio';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let t: TestApp;
let worker: RunningWorkers | undefined;
const open: IngestClient[] = [];
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage: createStorage(t.config) });
});
afterAll(async () => {
  for (const c of open) c.ws.terminate();
  await worker?.close();
  await t.close();
});

const row = (table: string, where: Record<string, unknown>) => t.database.db(table).where(where).first();

async function liveTake(title: string) {
  const { sessionId, client } = await studioSpeaker(t.app, t.database.db, title);
  const take = await startTake(client);
  const c = new IngestClient(t.baseUrl, take.recording_id, { cookie: client.jar.header() });
  open.push(c);
  await c.hello();
  return { sessionId, client, take, c };
}

/** Sends every chunk, finishes at the last seq, and waits for the worker to complete or fail the take. */
async function record(title: string, chunks: Buffer[]) {
  const live = await liveTake(title);
  for (const [seq, chunk] of chunks.entries()) await live.c.sendAndAck(seq, chunk);
  const fin = await live.client.request('POST', `${STUDIO_API}/recordings/${live.take.recording_id}/finish`, { final_seq: chunks.length - 1 });
  expect(fin.statusCode, fin.body).toBe(202);
  await eventually(async () => ['completed', 'failed'].includes((await row('recordings', { id: live.take.recording_id })).status), 60_000, 'take finalized');
  return { ...live, rec: await row('recordings', { id: live.take.recording_id }) };
}

/** The stored object, written to a temporary file for ffprobe. */
async function storedFile(key: string): Promise<{ bytes: Buffer; file: string }> {
  const bytes = (await t.app.storage.get(key))!;
  const file = path.join(os.tmpdir(), `studio-media-${Date.now()}-${path.basename(key)}`);
  await writeFile(file, bytes);
  return { bytes, file };
}

describe('finalize remuxes into a seekable file with its duration', () => {
  for (const container of ['webm', 'mp4'] as const) {
    it(`${container}: the stored file states its duration and carries a seek index; the raw chunks' hash is kept beside the file's`, async () => {
      const source = liveRecording(container, 4);
      // What the browser streams has no index: a live WebM states no duration; a fragmented MP4 has no sample tables.
      if (container === 'webm') expect(probe(await writeTemp(source, container)).duration).toBeNull();
      expect(hasSeekIndex(source, container)).toBe(false);
      const chunks = splitChunks(source, 9);
      const { sessionId, rec } = await record(`Seekable ${container}`, chunks);
      expect(rec.status, rec.error).toBe('completed');
      expect(rec.object_key).toMatch(new RegExp(`^speaker-recordings/${sessionId}/recordings/session-${sessionId}-\\d+\\.${container}$`));
      const { bytes, file } = await storedFile(rec.object_key);
      const probed = probe(file);
      expect(probed.duration).not.toBeNull();
      expect(Math.abs(probed.duration! - 4)).toBeLessThan(0.2);
      expect(hasSeekIndex(bytes, container)).toBe(true);
      expect((await t.app.storage.stat(rec.object_key))?.contentType).toBe(`video/${container}`);
      expect(rec).toMatchObject({ container, sha256: sha256(bytes), source_sha256: sha256(chunks), duration_seconds: 4 });
      expect(Number(rec.size_bytes)).toBe(bytes.length);
      expect(Number(rec.source_size_bytes)).toBe(source.length);
      expect(await row('session_archive', { session_id: sessionId })).toMatchObject({ duration_seconds: 4 });
      await eventually(async () => (await t.database.db('recording_chunks').where({ recording_id: rec.id })).length === 0, 30_000, 'chunks deleted');
    }, 120_000);
  }

  it('a take with a truncated chunk fails at once with ffmpeg\'s reason and keeps its chunks; the session stays live', async () => {
    const chunks = mediaChunks('webm', 6, 3);
    chunks[2] = chunks[2]!.subarray(0, Math.floor(chunks[2]!.length / 2)); // half of a chunk lost mid-take
    const { sessionId, rec } = await record('Truncated', chunks);
    expect(rec.status).toBe('failed');
    // ffmpeg's own words for what it found (which depends on where the cut falls: an element past its parent's end, an invalid one…).
    expect(rec.error).toMatch(/^the recording could not be remuxed: \[matroska,webm @ \w+\] \S.+/);
    expect(rec.object_key).toBeNull();
    expect(await t.database.db('recording_chunks').where({ recording_id: rec.id })).toHaveLength(6);
    expect((await row('speaker_sessions', { id: sessionId })).status).toBe('live');
  }, 120_000);
});

describe('the ingest socket checks the container by its bytes', () => {
  it('a take whose recorder never stopped (the tab died) ends after a whole packet: it finalizes with all it holds', async () => {
    const source = liveRecording('webm', 3);
    // What the browser had sent when the tab died: the stream up to the start of its last cluster's final block.
    const cut = source.lastIndexOf(Buffer.from([0xa3]), source.length - 200);
    const chunks = splitChunks(source.subarray(0, cut), 5);
    const { rec } = await record('Tab died', chunks);
    expect(rec.status, rec.error).toBe('completed');
    expect(rec.duration_seconds).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('a take whose container changes mid-way is refused with 4416', async () => {
    const webm = mediaChunks('webm', 4);
    const mp4 = mediaChunks('mp4', 4);
    const { c, take } = await liveTake('Switch');
    await c.sendAndAck(0, webm[0]!);
    await c.sendAndAck(1, webm[1]!);
    c.send(2, mp4[0]!); // a new MP4 stream where the WebM goes on
    expect((await c.closed).code).toBe(INGEST_CLOSE.containerChanged);
    expect((await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).map((r) => r.seq)).toEqual([0, 1]);
    expect(await row('recordings', { id: take.recording_id })).toMatchObject({ container: 'webm', mime_type: 'video/webm' });
  });

  it('an MP4 take fixes its container from its first chunk, whatever came first', async () => {
    const mp4 = mediaChunks('mp4', 4);
    const { c, take } = await liveTake('MP4 out of order');
    await c.sendAndAck(1, mp4[1]!);
    await c.sendAndAck(0, mp4[0]!);
    expect(await row('recordings', { id: take.recording_id })).toMatchObject({ container: 'mp4', mime_type: 'video/mp4' });
  });

  it('a zero-byte chunk is refused with 4411', async () => {
    const { c, take } = await liveTake('Empty');
    await c.sendAndAck(0, mediaChunks('webm', 4)[0]!);
    c.send(1, Buffer.alloc(0));
    expect((await c.closed).code).toBe(INGEST_CLOSE.emptyChunk);
    expect(await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).toHaveLength(1);
  });

  it('a first chunk that is not WebM or MP4 is refused with 4415, whatever it claims', async () => {
    const { c, take } = await liveTake('Not media');
    c.send(0, Buffer.from('{"type":"video/webm","data":"not really"}'));
    expect((await c.closed).code).toBe(INGEST_CLOSE.notMedia);
    expect(await t.database.db('recording_chunks').where({ recording_id: take.recording_id })).toHaveLength(0);
  });
});

async function writeTemp(bytes: Buffer, ext: string): Promise<string> {
  const file = path.join(os.tmpdir(), `studio-media-src-${Date.now()}.${ext}`);
  await writeFile(file, bytes);
  return file;
}
