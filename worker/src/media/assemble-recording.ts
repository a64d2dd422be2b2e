import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { CONTAINER_EXT, CONTAINER_MIME, type MediaContainer } from '@app/common/media-container';
import { probeDuration, remuxToFile, withScratchDir } from '@app/common/server/media/remux';
import type { ChunkRow, RecordingRow } from '@app/common/server/recordings.repository';
import type { Storage } from '@app/common/server/storage/index';
import { recordingObjectKey } from '@app/common/studio';

/** Chunks read ahead of the one being written (each ≤ MAX_FRAME_BYTES, so at most ~16 MB in memory). */
const READ_AHEAD = 8;

/** What assembling a take stored. */
export interface AssembledRecording {
  key: string;
  container: MediaContainer;
  /** sha256 and size of the stored (remuxed) object. */
  sha256: string;
  size: number;
  /** sha256 and size of the raw chunks in seq order (what the browser recorded). */
  sourceSha256: string;
  sourceSize: number;
  parts: number;
  /** The duration the remuxed file's header states (seconds), or null when it states none. */
  durationSeconds: number | null;
  /** Wall time of the remux alone, of storing its result, and of the whole assembly (remux, probe, store) (ms). */
  remuxMs: number;
  uploadMs: number;
  assembleMs: number;
}

/**
 * The chunks' bytes in seq order as one stream, each chunk checked against its stored size on the way
 * (a missing or truncated chunk object fails the run); their sha256 and size are computed as they flow.
 * Each chunk's own sha256 (recorded at ingest) is not re-hashed here: that second pass over every byte
 * cost ~15 % of finalize time for a check S3 already makes on every GET.
 */
function concatenated(storage: Storage, chunks: readonly ChunkRow[], onChunk: (bytesDone: number) => void): { stream: Readable; digest: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  async function* bytes(): AsyncGenerator<Buffer> {
    const ahead: Array<Promise<Buffer | null>> = [];
    let next = 0;
    const fill = () => {
      while (ahead.length < READ_AHEAD && next < chunks.length) ahead.push(storage.get(chunks[next++]!.storage_key));
    };
    for (const c of chunks) {
      fill();
      const body = await ahead.shift()!;
      if (!body) throw new Error(`chunk ${c.seq} is missing from storage (${c.storage_key})`);
      if (body.length !== c.size_bytes) throw new Error(`chunk ${c.seq} is corrupt in storage (${body.length} bytes, expected ${c.size_bytes})`);
      hash.update(body);
      size += body.length;
      onChunk(size);
      yield body;
    }
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), digest: () => ({ sha256: hash.digest('hex'), size }) };
}

/** A pass-through that hashes and counts what flows through it. */
function hashing(): { through: Transform; digest: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { through, digest: () => ({ sha256: hash.digest('hex'), size }) };
}

/**
 * Streams the take's chunks (all of 0..final_seq, in order) through ffmpeg's remux into a scratch file,
 * then stores that file at recordingObjectKey(session, Stop time) (an S3 multipart upload on S3). The
 * raw chunks are left alone: the caller deletes them only after the completion commits.
 */
export async function assembleRecording(storage: Storage, rec: RecordingRow, chunks: readonly ChunkRow[], onBytes: (bytesDone: number) => void): Promise<AssembledRecording> {
  const container: MediaContainer = rec.container ?? 'webm';
  const key = recordingObjectKey(rec.session_id, (rec.ended_at ?? rec.updated_at).getTime(), CONTAINER_EXT[container] as 'webm' | 'mp4');
  const started = performance.now();
  return withScratchDir(async (dir) => {
    const file = path.join(dir, `take.${CONTAINER_EXT[container]}`);
    const source = concatenated(storage, chunks, onBytes);
    const remuxStarted = performance.now();
    await remuxToFile(source.stream, container, file);
    const remuxMs = performance.now() - remuxStarted;
    const raw = source.digest();
    const durationSeconds = await probeDuration(file);
    const uploadStarted = performance.now();
    const out = hashing();
    const uploaded = await storage.uploadStream(key, createReadStream(file, { highWaterMark: 1 << 20 }).pipe(out.through), { contentType: CONTAINER_MIME[container] });
    const stored = out.digest();
    if (uploaded.size !== stored.size) throw new Error(`stored recording is ${uploaded.size} bytes, expected ${stored.size}`);
    return {
      key,
      container,
      sha256: stored.sha256,
      size: stored.size,
      sourceSha256: raw.sha256,
      sourceSize: raw.size,
      parts: uploaded.parts,
      durationSeconds,
      remuxMs: Math.round(remuxMs),
      uploadMs: Math.round(performance.now() - uploadStarted),
      assembleMs: Math.round(performance.now() - started),
    };
  });
}
