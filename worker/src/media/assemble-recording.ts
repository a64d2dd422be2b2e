import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONTAINER_EXT, CONTAINER_MIME, type MediaContainer } from '@app/common/media-container';
import { remuxToFile, withScratchDir } from '@app/common/server/media/remux';
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
  /** Wall time of the remux alone, of storing its result (hash, then rename or upload), and of the whole assembly (ms). */
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
      yield body;
      // Hashed once handed to ffmpeg's pipe, so the hash runs while ffmpeg remuxes it.
      hash.update(body);
      size += body.length;
      onChunk(size);
    }
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), digest: () => ({ sha256: hash.digest('hex'), size }) };
}

/** Bytes read at a time when hashing the result: one buffer, reused, so hashing allocates nothing per read. */
const HASH_READ_BYTES = 2 << 20;

/** sha256 and size of an open local file, read once (from the page cache right after it was written). */
async function hashFile(fh: FileHandle): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(HASH_READ_BYTES);
  let size = 0;
  for (;;) {
    const { bytesRead } = await fh.read(buf, 0, buf.length, size);
    if (bytesRead === 0) break;
    hash.update(buf.subarray(0, bytesRead));
    size += bytesRead;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Streams the take's chunks (all of 0..final_seq, in order) through ffmpeg's remux into a file made where the
 * store can adopt it (on disk: its own temp folder, so storing is a rename; on S3: a multipart upload of the
 * file), and stores it at recordingObjectKey(session, Stop time) while hashing it. The hash cannot run
 * while ffmpeg writes: ffmpeg seeks back at the end to write the duration and index into the header (MP4's
 * faststart rewrites the whole file), so the bytes are final only when it exits; it is read once, while the
 * store adopts it. The duration is ffmpeg's own final report of what it wrote (no probe reads the file again).
 * The raw chunks are left alone: the caller deletes them only after the completion commits.
 */
export async function assembleRecording(storage: Storage, rec: RecordingRow, chunks: readonly ChunkRow[], onBytes: (bytesDone: number) => void): Promise<AssembledRecording> {
  const container: MediaContainer = rec.container ?? 'webm';
  const key = recordingObjectKey(rec.session_id, (rec.ended_at ?? rec.updated_at).getTime(), CONTAINER_EXT[container] as 'webm' | 'mp4');
  const started = performance.now();
  return withScratchDir(async (dir) => {
    const file = path.join(dir, `take.${CONTAINER_EXT[container]}`);
    const source = concatenated(storage, chunks, onBytes);
    const remuxStarted = performance.now();
    const { durationSeconds } = await remuxToFile(source.stream, container, file);
    const remuxMs = performance.now() - remuxStarted;
    const raw = source.digest();
    const storeStarted = performance.now();
    // Opened before it is adopted: the hash reads the same file while the store renames it into place (disk)
    // or uploads it (S3), instead of after.
    const fh = await open(file, 'r');
    const [stored, uploaded] = await Promise.all([hashFile(fh), storage.adoptFile(key, file, { contentType: CONTAINER_MIME[container] })]).finally(() => fh.close());
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
      uploadMs: Math.round(performance.now() - storeStarted),
      assembleMs: Math.round(performance.now() - started),
    };
  }, storage.scratchRoot());
}
