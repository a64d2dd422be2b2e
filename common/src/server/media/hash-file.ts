import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time: two buffers, reused, so hashing allocates nothing per read. */
const READ_BYTES = 2 << 20;

/**
 * sha256 and size of an open local file, read once from the start. Each read is asked for before the previous one is
 * hashed, so libuv's pool reads the next 2 MiB while this thread hashes the last: the file takes the hash's time, not
 * the hash's plus the reads'.
 */
export async function hashFile(fh: FileHandle, readBytes = READ_BYTES): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let current = Buffer.allocUnsafe(readBytes);
  let next = Buffer.allocUnsafe(readBytes);
  let size = 0;
  let reading = fh.read(current, 0, readBytes, 0);
  for (;;) {
    const { bytesRead } = await reading;
    if (bytesRead === 0) break;
    size += bytesRead;
    reading = fh.read(next, 0, readBytes, size);
    hash.update(current.subarray(0, bytesRead));
    [current, next] = [next, current];
  }
  return { sha256: hash.digest('hex'), size };
}
