import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
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
      yield body;
      // Hashed once handed to ffmpeg's pipe, so the hash runs while ffmpeg remuxes it.
      hash.update(body);
      size += body.length;
      onChunk(size);
    }
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), digest: () => ({ sha256: hash.digest('hex'), size }) };
}

/** sha256 and size of a local file, read once (from the page cache right after it was written). */
async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Streams the take's chunks (all of 0..final_seq, in order) through ffmpeg's remux into a file made where the
 * store can adopt it (on disk: its own temp folder, so storing is a rename; on S3: a multipart upload of the
 * file), hashes that file while ffprobe reads its duration (ffmpeg seeks back to write the duration and index,
 * so the file is final only when ffmpeg exits), then stores it at recordingObjectKey(session, Stop time).
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
    await remuxToFile(source.stream, container, file);
    const remuxMs = performance.now() - remuxStarted;
    const raw = source.digest();
    const storeStarted = performance.now();
    const [stored, durationSeconds] = await Promise.all([hashFile(file), probeDuration(file)]);
    const uploaded = await storage.adoptFile(key, file, { contentType: CONTAINER_MIME[container] });
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
