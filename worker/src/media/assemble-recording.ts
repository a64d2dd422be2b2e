import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONTAINER_EXT, CONTAINER_MIME, type MediaContainer } from '@app/common/media-container';
import { FileCheckError, hashFile, hashFiles } from '@app/common/server/media/hash-files';
import { concatInput, remuxToFile, withScratchDir } from '@app/common/server/media/remux';
import type { ChunkRow } from '@app/common/server/studio/recording-chunks.repository';
import type { RecordingRow } from '@app/common/server/studio/recordings.repository';
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
 * The chunks' bytes in seq order, each chunk checked against its stored size on the way (a missing or
 * truncated chunk object fails the run), with READ_AHEAD chunks read ahead. Each chunk's own sha256
 * (recorded at ingest) is not re-hashed here: that second pass over every byte cost ~15 % of finalize
 * time for a check S3 already makes on every GET.
 */
async function* chunkBodies(storage: Storage, chunks: readonly ChunkRow[]): AsyncGenerator<Buffer> {
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
  }
}

/** The sha256 and size of the chunks' bytes in seq order, computed as they are consumed. */
interface SourceDigest {
  sha256: string;
  size: number;
}

/** Hashes each chunk `bodies` yields (after yielding it) and reports the bytes done; `digest` once they are all consumed. */
function hashing(bodies: AsyncGenerator<Buffer>, onChunk: (bytesDone: number) => void): { bodies: AsyncGenerator<Buffer>; digest: () => SourceDigest } {
  const hash = createHash('sha256');
  let size = 0;
  async function* each(): AsyncGenerator<Buffer> {
    for await (const body of bodies) {
      yield body;
      // Hashed once handed on (to ffmpeg's pipe), so the hash runs while ffmpeg remuxes it.
      hash.update(body);
      size += body.length;
      onChunk(size);
    }
  }
  return { bodies: each(), digest: () => ({ sha256: hash.digest('hex'), size }) };
}

/** The chunk files' sizes checked and their bytes hashed in order on a thread of its own, failing as chunkBodies does. */
async function checkedFiles(chunks: readonly ChunkRow[], files: readonly string[], onChunk: (bytesDone: number) => void): Promise<SourceDigest> {
  try {
    return await hashFiles(files.map((f, i) => ({ path: f, size: chunks[i]!.size_bytes })), onChunk);
  } catch (err) {
    if (!(err instanceof FileCheckError)) throw err;
    const c = chunks[err.index]!;
    throw new Error(err.actual === null ? `chunk ${c.seq} is missing from storage (${c.storage_key})` : `chunk ${c.seq} is corrupt in storage (${err.actual} bytes, expected ${c.size_bytes})`);
  }
}

/**
 * Remuxes the chunks into `outPath` and answers the duration ffmpeg reports and the raw chunks' digest.
 * Where the store keeps blobs as local files (disk), ffmpeg reads the chunk files itself, in order, from
 * the page cache, while a thread reads the same files to check their sizes and hash them, on the other core:
 * nothing is piped through Node. Otherwise (S3) the chunks are fetched, checked and hashed by Node and
 * piped into ffmpeg. A missing or truncated chunk is reported as such, not as ffmpeg's failure to read it.
 */
async function remuxChunks(storage: Storage, chunks: readonly ChunkRow[], container: MediaContainer, dir: string, outPath: string, onChunk: (bytesDone: number) => void): Promise<{ durationSeconds: number | null; raw: SourceDigest }> {
  const files = chunks.map((c) => storage.blobFile(c.storage_key));
  if (files.some((f) => f === null)) {
    const source = hashing(chunkBodies(storage, chunks), onChunk);
    const { durationSeconds } = await remuxToFile(Readable.from(source.bodies, { objectMode: false }), container, outPath);
    return { durationSeconds, raw: source.digest() };
  }
  const input = await concatInput(files as string[], path.join(dir, 'chunks.txt'));
  const [remuxed, raw] = await Promise.allSettled([remuxToFile(input, container, outPath), checkedFiles(chunks, files as string[], onChunk)]);
  if (raw.status === 'rejected') throw raw.reason;
  if (remuxed.status === 'rejected') throw remuxed.reason;
  return { durationSeconds: remuxed.value.durationSeconds, raw: raw.value };
}

/**
 * Remuxes the take's chunks (all of 0..final_seq, in order; remuxChunks) with ffmpeg into a file made where the
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
    const remuxStarted = performance.now();
    const { durationSeconds, raw } = await remuxChunks(storage, chunks, container, dir, file, onBytes);
    const remuxMs = performance.now() - remuxStarted;
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
