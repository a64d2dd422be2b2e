import type { Knex } from 'knex';
import { MAX_RECORDING_BYTES } from '../../studio';
import { pgQuery } from '../db';
import type { RecordingStatus } from '../../domain/session-status';

// A take's chunks as the studio receives them: each stored object gets its row, counted against the take's quota,
// only while the take is live. The takes themselves are in recordings.repository.ts.

/** A row of `recording_chunks`. */
export interface ChunkRow {
  recording_id: string;
  seq: number;
  size_bytes: number;
  storage_key: string;
  sha256: string;
}

/** What storing one chunk did. */
export type StoreOutcome =
  | { kind: 'stored'; bytesReceived: number }
  | { kind: 'duplicate'; bytesReceived: number }
  | { kind: 'not_live' }
  | { kind: 'unknown' }
  | { kind: 'quota' };

/**
 * Records a chunk whose object is already stored: one statement that locks the take, inserts
 * (recording, seq) ON CONFLICT DO NOTHING only while the take is live and under MAX_RECORDING_BYTES,
 * and adds its bytes only when inserted.
 */
export async function recordChunk(db: Knex, chunk: ChunkRow): Promise<StoreOutcome> {
  return (await recordChunks(db, [chunk]))[0]!;
}

/** One chunk's answer from the batch statement. */
interface ChunkOutcomeRow {
  i: number;
  status: RecordingStatus | null;
  before: string | null;
  inserted: boolean;
  after: string | null;
}

/** The statement of {@link recordChunksOfDistinctTakes}: $1..$5 the chunks' columns as arrays, $6 the quota. */
const RECORD_CHUNKS_SQL = `WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[]) WITH ORDINALITY AS t(recording_id, seq, size_bytes, storage_key, sha256, i)
  ), live AS (
    SELECT r.id, r.status, r.bytes_received FROM recordings r WHERE r.id IN (SELECT recording_id FROM input) ORDER BY r.id FOR UPDATE
  ), ins AS (
    INSERT INTO recording_chunks (recording_id, seq, size_bytes, storage_key, sha256)
    SELECT input.recording_id, input.seq, input.size_bytes, input.storage_key, input.sha256 FROM input JOIN live ON live.id = input.recording_id
    WHERE live.status = 'recording' AND live.bytes_received + input.size_bytes <= $6
    ON CONFLICT (recording_id, seq) DO NOTHING
    RETURNING recording_id, size_bytes
  ), upd AS (
    UPDATE recordings SET bytes_received = recordings.bytes_received + ins.size_bytes FROM ins WHERE recordings.id = ins.recording_id
    RETURNING recordings.id, recordings.bytes_received
  )
  SELECT CAST(input.i AS int) AS i, live.status, live.bytes_received AS before, ins.recording_id IS NOT NULL AS inserted, upd.bytes_received AS after
  FROM input LEFT JOIN live ON live.id = input.recording_id LEFT JOIN ins ON ins.recording_id = input.recording_id LEFT JOIN upd ON upd.id = input.recording_id`;

/**
 * The chunks of different takes in ONE statement (a take appearing twice would need its bytes counted in
 * order: its later chunks are recorded by statements after this one). Each take is locked (in id order, so
 * two batches never wait on each other crosswise) and each chunk gets what {@link recordChunk} answers.
 */
async function recordChunksOfDistinctTakes(db: Knex, chunks: readonly ChunkRow[]): Promise<StoreOutcome[]> {
  // Prepared once per connection (named), and sent through pg itself: a chunk's row costs no query building.
  const rows = await pgQuery<ChunkOutcomeRow>(db, {
    name: 'studio_record_chunks',
    text: RECORD_CHUNKS_SQL,
    values: [
      chunks.map((c) => c.recording_id),
      chunks.map((c) => c.seq),
      chunks.map((c) => c.size_bytes),
      chunks.map((c) => c.storage_key),
      chunks.map((c) => c.sha256),
      MAX_RECORDING_BYTES,
    ],
  });
  const out = new Array<StoreOutcome>(chunks.length);
  for (const r of rows) {
    const chunk = chunks[r.i - 1]!;
    if (r.status === null) out[r.i - 1] = { kind: 'unknown' };
    else if (r.inserted) out[r.i - 1] = { kind: 'stored', bytesReceived: Number(r.after) };
    else if (r.status !== 'recording') out[r.i - 1] = { kind: 'not_live' };
    else if (Number(r.before) + chunk.size_bytes > MAX_RECORDING_BYTES) out[r.i - 1] = { kind: 'quota' };
    else out[r.i - 1] = { kind: 'duplicate', bytesReceived: Number(r.before) };
  }
  return out;
}

/**
 * Records many chunks whose objects are already stored, each as {@link recordChunk} would: the chunks of
 * distinct takes in one statement, a take's further chunks in the statements after it (in order).
 */
export async function recordChunks(db: Knex, chunks: readonly ChunkRow[]): Promise<StoreOutcome[]> {
  const out = new Array<StoreOutcome>(chunks.length);
  let left = chunks.map((chunk, index) => ({ chunk, index }));
  while (left.length > 0) {
    const seen = new Set<string>();
    const now: typeof left = [];
    const later: typeof left = [];
    for (const x of left) {
      if (seen.has(x.chunk.recording_id)) later.push(x);
      else {
        seen.add(x.chunk.recording_id);
        now.push(x);
      }
    }
    const answers = await recordChunksOfDistinctTakes(db, now.map((x) => x.chunk));
    now.forEach((x, k) => (out[x.index] = answers[k]!));
    left = later;
  }
  return out;
}
