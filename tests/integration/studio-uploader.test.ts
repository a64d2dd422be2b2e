import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_CLOSE, INGEST_CLOSE_REASONS, INGEST_PATH, STUDIO_API } from '@app/common/studio';
import type { SpillStore } from '../../web/src/features/studio/chunks';
import { IngestFatalError, ingestUrl, type IngestSocket } from '../../web/src/features/studio/ingest-connection';
import { StudioUploader } from '../../web/src/features/studio/uploader';
import { startTestApp, type TestApp } from '../helpers/app';
import { chunkBytes, sha256, startTake, studioSpeaker } from '../helpers/studio';
import { eventually } from '../helpers/worker';

// The browser studio's uploader (web/src/features/studio/uploader.ts) against the real ingest socket: Node's `ws`
// client stands in for the browser's WebSocket; the server, Postgres and storage are the real ones.

let t: TestApp;
const uploaders: StudioUploader[] = [];
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  for (const u of uploaders) u.close();
  await t.close();
});

/** A spill store over a Map (the browser's IndexedDB is not in Node). */
function mapSpill(): SpillStore & { data: Map<number, Uint8Array> } {
  const data = new Map<number, Uint8Array>();
  return {
    data,
    put: async (seq, bytes) => void data.set(seq, bytes),
    get: async (seq) => data.get(seq),
    delete: async (seq) => void data.delete(seq),
    clear: async () => data.clear(),
  };
}

function uploaderFor(
  recordingId: string,
  cookie: string,
  opts: { memoryBudgetBytes?: number; spill?: SpillStore | null; firstSeq?: number; stallMs?: number; swallowFirst?: boolean } = {},
) {
  const { swallowFirst = false, ...rest } = opts;
  const created: WebSocket[] = [];
  const base = new URL(t.baseUrl);
  const uploader = new StudioUploader({
    url: ingestUrl(base, INGEST_PATH, recordingId),
    createSocket: (url) => {
      const ws = new WebSocket(url, { headers: { cookie, origin: t.baseUrl } });
      ws.on('error', () => undefined);
      // A half-open connection: the socket stays open but nothing sent reaches the server.
      if (swallowFirst && created.length === 0) ws.send = (() => undefined) as typeof ws.send;
      created.push(ws);
      return ws as unknown as IngestSocket;
    },
    backoff: { baseMs: 20, maxMs: 200 },
    ...rest,
  });
  uploaders.push(uploader);
  return { uploader, created };
}

describe('studio uploader against the ingest socket', () => {
  it('survives a dropped connection: after the hello it sends exactly what the server lacks, then finish is accepted', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db, 'Uploader session');
    const take = await startTake(client);
    const spill = mapSpill();
    // A budget of three chunks: the rest wait in the spill store and are read back from it to send.
    const { uploader, created } = uploaderFor(take.recording_id, client.jar.header(), { memoryBudgetBytes: 3 * 4096, spill });
    uploader.start();
    for (let seq = 0; seq < 10; seq++) uploader.push(chunkBytes(seq));
    expect(uploader.snapshot().recordedBytes).toBe(10 * 4096);
    await eventually(async () => uploader.snapshot().ackedBytes >= 3 * 4096, 20_000, 'three acks');

    // The connection drops (no close frame): the uploader reconnects with backoff while recording goes on.
    created[0]?.terminate();
    for (let seq = 10; seq < 15; seq++) uploader.push(chunkBytes(seq));
    await uploader.drain();
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(uploader.snapshot()).toMatchObject({ connection: 'open', pendingChunks: 0, ackedBytes: 15 * 4096, recordedBytes: 15 * 4096, lastSeq: 14, error: null });
    expect(uploader.hasUnsent).toBe(false);
    expect(spill.data.size).toBe(0);

    const rows = (await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).orderBy('seq').select('seq', 'size_bytes', 'sha256')) as Array<{ seq: number; size_bytes: number; sha256: string }>;
    expect(rows.map((r) => Number(r.seq))).toEqual([...Array(15).keys()]);
    for (const r of rows) {
      expect(Number(r.size_bytes)).toBe(4096);
      expect(r.sha256).toBe(sha256(chunkBytes(Number(r.seq))));
    }
    const finish = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: uploader.lastSeq });
    expect(finish.statusCode, finish.body).toBe(202);
    uploader.close();
  });

  it('replaces a connection that stops acknowledging (half-open) and resends what it swallowed', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db, 'Stalled session');
    const take = await startTake(client);
    const { uploader, created } = uploaderFor(take.recording_id, client.jar.header(), { stallMs: 400, swallowFirst: true });
    uploader.start();
    for (let seq = 0; seq < 5; seq++) uploader.push(chunkBytes(seq));
    await uploader.drain();
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(uploader.snapshot()).toMatchObject({ connection: 'open', pendingChunks: 0, ackedBytes: 5 * 4096 });
    const seqs = (await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).orderBy('seq').pluck('seq')).map(Number);
    expect(seqs).toEqual([0, 1, 2, 3, 4]);
    uploader.close();
  });

  it('a take whose first recorded piece is shorter than the container magic (Chromium under load hands over 0x1a alone) is accepted whole', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db, 'Split magic session');
    const take = await startTake(client);
    const { uploader } = uploaderFor(take.recording_id, client.jar.header());
    uploader.start();
    // The pieces MediaRecorder delivered on a busy machine: the first byte of the EBML magic alone, then the rest.
    const stream = Buffer.concat([chunkBytes(0), chunkBytes(1)]);
    for (const piece of [stream.subarray(0, 1), stream.subarray(1, 4096), stream.subarray(4096)]) uploader.push(new Uint8Array(piece));
    await uploader.drain();
    expect(uploader.snapshot().error).toBeNull();
    const chunks = (await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).orderBy('seq').select('sha256', 'size_bytes')) as Array<{ sha256: string; size_bytes: string }>;
    // The server holds the stream as recorded, starting with the whole magic.
    expect(chunks.reduce((n, c) => n + Number(c.size_bytes), 0)).toBe(stream.byteLength);
    expect(chunks[0]!.sha256).toBe(sha256(stream.subarray(0, Number(chunks[0]!.size_bytes))));
    uploader.close();
  });

  it('stops for good on a fatal close, with the reason the studio shows, and does not reconnect', async () => {
    const a = await studioSpeaker(t.app, t.database.db, 'Session A');
    const b = await studioSpeaker(t.app, t.database.db, 'Session B');
    const takeA = await startTake(a.client);
    // B's credential on A's take.
    const { uploader, created } = uploaderFor(takeA.recording_id, b.client.jar.header());
    uploader.start();
    uploader.push(chunkBytes(0));
    const err = await uploader.drain().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IngestFatalError);
    expect((err as IngestFatalError).code).toBe(INGEST_CLOSE.wrongSession);
    expect((err as IngestFatalError).message).toBe(INGEST_CLOSE_REASONS[INGEST_CLOSE.wrongSession]);
    expect(uploader.snapshot()).toMatchObject({ connection: 'failed', error: INGEST_CLOSE_REASONS[INGEST_CLOSE.wrongSession], pendingChunks: 1 });
    // Several backoff periods later there is still one socket.
    await new Promise((r) => setTimeout(r, 500));
    expect(created.length).toBe(1);
  });

  it('a new uploader for a take the server already holds sends nothing it has (resume after a reload)', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db, 'Resume session');
    const take = await startTake(client);
    const first = uploaderFor(take.recording_id, client.jar.header());
    first.uploader.start();
    for (let seq = 0; seq < 4; seq++) first.uploader.push(chunkBytes(seq));
    await first.uploader.drain();
    first.uploader.close();

    const again = await startTake(client);
    expect(again).toMatchObject({ recording_id: take.recording_id, next_seq: 4 });
    const before = Number((await t.database.db('recordings').where({ id: take.recording_id }).first('bytes_received')).bytes_received);
    const { uploader: resumed } = uploaderFor(take.recording_id, client.jar.header(), { firstSeq: again.next_seq });
    resumed.start();
    expect(resumed.push(chunkBytes(4))).toBe(4);
    await resumed.drain();
    const after = Number((await t.database.db('recordings').where({ id: take.recording_id }).first('bytes_received')).bytes_received);
    expect(after - before).toBe(4096);
    resumed.close();
  });
});
