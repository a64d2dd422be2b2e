// The chunk files of a take hashed in order on a thread of their own, each checked against its size; and one file
// held open (the remuxed take) hashed the same way.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileCheckError, hashFile, hashFiles } from '@app/common/server/media/hash-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hash-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Files holding `parts`, named in order. */
function filesOf(name: string, parts: Buffer[]) {
  return parts.map((bytes, i) => {
    const file = path.join(dir, `${name}-${String(i).padStart(4, '0')}`);
    writeFileSync(file, bytes);
    return { path: file, size: bytes.length };
  });
}

describe('hashFiles', () => {
  it('gives the sha256 and size of the files read one after the other, over the 1 MiB reads and empty files too', async () => {
    const parts = [randomBytes(3), Buffer.alloc(0), randomBytes((1 << 20) + 17), randomBytes(330_000), randomBytes(1)];
    const seen: number[] = [];
    const got = await hashFiles(filesOf('whole', parts), (n) => seen.push(n), 300_000);
    const all = Buffer.concat(parts);
    expect(got).toEqual({ sha256: createHash('sha256').update(all).digest('hex'), size: all.length });
    // Progress is told as the bytes go, in order, never past the total.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBeLessThanOrEqual(all.length);
  });

  it('answers an empty list with the hash of nothing', async () => {
    expect(await hashFiles([], () => undefined)).toEqual({ sha256: createHash('sha256').digest('hex'), size: 0 });
  });

  it('names the first file that is missing', async () => {
    const files = filesOf('gone', [randomBytes(10), randomBytes(10), randomBytes(10)]);
    rmSync(files[1]!.path);
    rmSync(files[2]!.path);
    const err = await hashFiles(files, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileCheckError);
    expect(err).toMatchObject({ index: 1, actual: null });
  });

  it('names the first file whose size is not the one it must have, shorter or longer', async () => {
    const files = filesOf('size', [randomBytes(10), randomBytes(10), randomBytes(10)]);
    await expect(hashFiles([files[0]!, { ...files[1]!, size: 11 }, files[2]!], () => undefined)).rejects.toMatchObject({ index: 1, actual: 10 });
    await expect(hashFiles([files[0]!, files[1]!, { ...files[2]!, size: 9 }], () => undefined)).rejects.toMatchObject({ index: 2, actual: 10 });
  });

  it('rejects what it cannot read for another reason (a folder)', async () => {
    await expect(hashFiles([{ path: dir, size: 0 }], () => undefined)).rejects.toThrow(/EISDIR/);
  });
});

async function hashOf(bytes: Buffer, readBytes?: number) {
  const file = path.join(dir, `open-${bytes.length}-${readBytes ?? 0}`);
  writeFileSync(file, bytes);
  const fh = await open(file, 'r');
  try {
    return await hashFile(fh, readBytes);
  } finally {
    await fh.close();
  }
}

describe('hashFile', () => {
  // Sizes around the read size (the last read short, exact, or one byte over) and over several reads, so the one
  // buffer is reused and each read lands at the position after the last.
  it.each([0, 1, 4095, 4096, 4097, 3 * 4096, 7 * 4096 + 123])('gives the sha256 and size of a %i-byte file, read 4 KiB at a time', async (n) => {
    const bytes = randomBytes(n);
    expect(await hashOf(bytes, 4096)).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: n });
  });

  it('reads the open file from its start, even once its name is gone and its offset moved', async () => {
    const bytes = randomBytes(3 * 4096 + 7);
    const file = path.join(dir, 'renamed');
    writeFileSync(file, bytes);
    const fh = await open(file, 'r');
    try {
      await fh.read(Buffer.alloc(100), 0, 100, null);
      rmSync(file);
      expect(await hashFile(fh, 4096)).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
    } finally {
      await fh.close();
    }
  });

  it('gives the sha256 of a file several times its default read size', async () => {
    const bytes = randomBytes((5 << 20) + 12_345);
    expect(await hashOf(bytes)).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
  });
});
