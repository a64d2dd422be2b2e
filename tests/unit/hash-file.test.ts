import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFile } from '@app/common/server/media/hash-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hash-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function hashOf(bytes: Buffer, readBytes?: number) {
  const file = path.join(dir, `f-${bytes.length}-${readBytes ?? 0}`);
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
