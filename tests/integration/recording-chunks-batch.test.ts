import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORDING_BYTES } from '@app/common/studio';
import { recordChunk, recordChunks, type ChunkRow } from '@app/common/server/studio/recording-chunks.repository';
import { startOrResumeTake } from '@app/common/server/studio/recordings.repository';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let d: TestDatabase;
beforeAll(async () => {
  d = await freshDatabase();
});
afterAll(async () => {
  await d?.drop();
});

async function liveTake(title: string): Promise<string> {
  const [s] = (await d.db('speaker_sessions').insert({ session_title: title, scheduled_date: new Date(Date.now() + 3_600_000) }).returning('id')) as Array<{ id: string }>;
  return (await startOrResumeTake(d.db, s!.id)).take.id;
}

const chunk = (recordingId: string, seq: number, size = 100): ChunkRow => ({ recording_id: recordingId, seq, size_bytes: size, storage_key: `k/${recordingId}/${seq}`, sha256: `h${seq}` });

describe('recordChunks (the rows of chunks stored together, in one statement)', () => {
  it('answers each chunk as recordChunk would: stored, duplicate, quota, not live, unknown; a take twice in one batch counts its bytes in order', async () => {
    const [a, b, c, ended] = [await liveTake('a'), await liveTake('b'), await liveTake('c'), await liveTake('ended')];
    expect(await recordChunk(d.db, chunk(a, 0))).toEqual({ kind: 'stored', bytesReceived: 100 });
    await d.db('recordings').where({ id: c }).update({ bytes_received: MAX_RECORDING_BYTES - 50 });
    await d.db('recordings').where({ id: ended }).update({ status: 'finalizing', final_seq: 0 });
    const unknown = '00000000-0000-4000-8000-000000000000';

    const out = await recordChunks(d.db, [chunk(a, 0), chunk(b, 0, 10), chunk(a, 1, 20), chunk(c, 0), chunk(ended, 1), chunk(unknown, 0), chunk(b, 1, 30), chunk(b, 1, 30)]);
    expect(out).toEqual([
      { kind: 'duplicate', bytesReceived: 100 },
      { kind: 'stored', bytesReceived: 10 },
      { kind: 'stored', bytesReceived: 120 },
      { kind: 'quota' },
      { kind: 'not_live' },
      { kind: 'unknown' },
      { kind: 'stored', bytesReceived: 40 },
      { kind: 'duplicate', bytesReceived: 40 },
    ]);
    const rows = await d.db('recording_chunks').whereIn('recording_id', [a, b, c, ended]).orderBy(['recording_id', 'seq']).select('recording_id', 'seq', 'size_bytes', 'storage_key', 'sha256');
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.recording_id === b)).toEqual([chunk(b, 0, 10), chunk(b, 1, 30)]);
    expect(Number((await d.db('recordings').where({ id: a }).first()).bytes_received)).toBe(120);
    expect(Number((await d.db('recordings').where({ id: c }).first()).bytes_received)).toBe(MAX_RECORDING_BYTES - 50);
  });

  it('two batches that lock the same takes in opposite arrival order both complete (locks are taken in id order)', async () => {
    const takes = await Promise.all(Array.from({ length: 6 }, (_, i) => liveTake(`order ${i}`)));
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, r) => recordChunks(d.db, (r % 2 ? [...takes].reverse() : takes).map((t) => chunk(t, r)))),
    );
    for (const round of rounds) expect(round.every((o) => o.kind === 'stored')).toBe(true);
    for (const t of takes) expect(Number((await d.db('recordings').where({ id: t }).first()).bytes_received)).toBe(800);
  });
});
