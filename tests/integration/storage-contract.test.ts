import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createS3Storage, MIN_PART_SIZE, objectKey, type Storage } from '@app/common/server/storage/index';
import { startFakeS3, type FakeS3 } from '../helpers/s3';

/** One contract, two drivers: everything the rest of the code relies on must hold for both. */
interface DriverUnderTest {
  name: 'disk' | 's3';
  start(): Promise<{ storage: Storage; stop(): Promise<void> }>;
}

const DRIVERS: DriverUnderTest[] = [
  {
    name: 'disk',
    start: async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'storage-disk-'));
      const storage = createDiskStorage({ root });
      return { storage, stop: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    start: async () => {
      const s3: FakeS3 = await startFakeS3();
      const storage = createS3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      return {
        storage,
        stop: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  },
];

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A stream of `total` random bytes in uneven pieces, with no known length up front. */
function unevenStream(total: number): { stream: Readable; digest: string } {
  const pieces: Buffer[] = [];
  let left = total;
  while (left > 0) {
    const n = Math.min(left, 300_000 + Math.floor(Math.random() * 900_000));
    pieces.push(randomBytes(n));
    left -= n;
  }
  return { stream: Readable.from(pieces), digest: sha(Buffer.concat(pieces)) };
}

describe.each(DRIVERS)('storage contract: $name driver', (driver) => {
  let storage: Storage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, stop } = await driver.start());
    await storage.ready();
  });
  afterAll(async () => {
    await stop?.();
  });

  it('names its driver', () => {
    expect(storage.driver).toBe(driver.name);
  });

  it('puts a buffer and reads it back with its content type and the 3600 s cache control', async () => {
    const key = objectKey('user-audio', 'u1', 'audio_1.webm');
    const body = randomBytes(4096);
    const stored = await storage.put(key, body, { contentType: 'audio/webm' });
    expect(stored).toMatchObject({ key, size: 4096, contentType: 'audio/webm', cacheControl: 'public, max-age=3600' });
    expect(await storage.exists(key)).toBe(true);
    expect(sha((await storage.get(key))!)).toBe(sha(body));
    const s = await storage.stat(key);
    expect(s).toMatchObject({ size: 4096, contentType: 'audio/webm', cacheControl: 'public, max-age=3600' });
    expect(s!.etag).toBeTruthy();
  });

  it('keeps a given cache control, and replaces an object put again under the same key', async () => {
    const key = objectKey('speaker-recordings', 's1', 'recordings', 'session-s1-1.webm');
    await storage.put(key, Buffer.from('first'), { contentType: 'video/webm', cacheControl: 'private, max-age=60' });
    await storage.put(key, Buffer.from('second take'), { contentType: 'video/webm', cacheControl: 'private, max-age=60' });
    expect((await storage.get(key))!.toString()).toBe('second take');
    expect(await storage.stat(key)).toMatchObject({ size: 11, cacheControl: 'private, max-age=60', contentType: 'video/webm' });
  });

  it('streams an object whole and as a byte range', async () => {
    const key = objectKey('user-audio', 'u2', 'audio_2.webm');
    const body = Buffer.from('0123456789abcdef');
    await storage.put(key, body, { contentType: 'audio/webm' });
    const whole = await storage.stream(key);
    expect(whole).toMatchObject({ size: 16, range: null, contentType: 'audio/webm' });
    expect((await buffer(whole!.body)).toString()).toBe('0123456789abcdef');
    const part = await storage.stream(key, { start: 4, end: 7 });
    expect(part!.range).toEqual({ start: 4, end: 7 });
    expect((await buffer(part!.body)).toString()).toBe('4567');
    const tail = await storage.stream(key, { start: 10, end: 1_000 });
    expect(tail!.range).toEqual({ start: 10, end: 15 });
    expect((await buffer(tail!.body)).toString()).toBe('abcdef');
    await expect(storage.stream(key, { start: 16, end: 20 })).rejects.toThrow(RangeError);
  });

  it('puts a stream of unknown length', async () => {
    const key = objectKey('user-audio', 'u3', 'audio_3.webm');
    const { stream, digest } = unevenStream(700_000);
    const stored = await storage.put(key, stream, { contentType: 'audio/webm' });
    expect(stored.size).toBe(700_000);
    expect(sha((await storage.get(key))!)).toBe(digest);
  });

  it('uploads a stream larger than 5 MiB in parts (the recording-finalize path)', async () => {
    const key = objectKey('speaker-recordings', 's2', 'recordings', 'session-s2-1.webm');
    const total = 2 * MIN_PART_SIZE + 123_457;
    const { stream, digest } = unevenStream(total);
    const stored = await storage.uploadStream(key, stream, { contentType: 'video/webm', partSize: MIN_PART_SIZE });
    expect(stored).toMatchObject({ key, size: total, contentType: 'video/webm', cacheControl: 'public, max-age=3600' });
    const back = await storage.stream(key);
    expect(sha(await buffer(back!.body))).toBe(digest);
    // On S3 it went up as a multipart upload of three parts (two full 5 MiB parts and the rest).
    expect(stored.parts).toBe(driver.name === 's3' ? 3 : 1);
  });

  it('puts blobs (the studio chunk path): read back whole, replaced by a second put, also into a folder deleted meanwhile', async () => {
    const key = objectKey('speaker-recordings', 's3', 'chunks', 'r1', '0000000000.part');
    const first = randomBytes(70_000);
    await storage.putBlob(key, first);
    expect(sha((await storage.get(key))!)).toBe(sha(first));
    expect(await storage.stat(key)).toMatchObject({ key, size: 70_000, contentType: 'application/octet-stream' });
    const second = randomBytes(1_000);
    await storage.putBlob(key, second);
    expect((await storage.get(key))!.equals(second)).toBe(true);
    await storage.deleteMany([key]);
    expect(await storage.exists(key)).toBe(false);
    await storage.putBlob(key, first);
    expect((await storage.get(key))!.equals(first)).toBe(true);
    await storage.delete(key);
  });

  it('names the local file holding a blob where blobs are local files (disk), for ffmpeg to read; none on S3', async () => {
    const key = objectKey('speaker-recordings', 's6', 'chunks', 'r3', '0000000000.part');
    const bytes = randomBytes(5_000);
    await storage.putBlob(key, bytes);
    const file = storage.blobFile(key);
    if (driver.name === 's3') expect(file).toBeNull();
    else expect(readFileSync(file!).equals(bytes)).toBe(true);
    await storage.delete(key);
  });

  it('adopts a local file made under its scratch root, consuming it (the finalize path)', async () => {
    const key = objectKey('speaker-recordings', 's4', 'recordings', 'session-s4-1.webm');
    const dir = mkdtempSync(path.join(storage.scratchRoot(), 'contract-'));
    const local = path.join(dir, 'take.webm');
    const bytes = randomBytes(MIN_PART_SIZE + 4_321);
    writeFileSync(local, bytes);
    const stored = await storage.adoptFile(key, local, { contentType: 'video/webm' });
    expect(stored).toMatchObject({ key, size: bytes.length, contentType: 'video/webm', cacheControl: 'public, max-age=3600' });
    expect(sha((await storage.get(key))!)).toBe(sha(bytes));
    expect(existsSync(local)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes many objects at once, missing ones included', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => objectKey('speaker-recordings', 's5', 'chunks', 'r2', `${String(i).padStart(10, '0')}.part`));
    await Promise.all(keys.map((k) => storage.putBlob(k, Buffer.from(k))));
    await storage.deleteMany([...keys, objectKey('speaker-recordings', 's5', 'chunks', 'r2', 'missing.part')]);
    for (const k of keys) expect(await storage.exists(k)).toBe(false);
    await expect(storage.deleteMany([])).resolves.toBeUndefined();
  });

  it('deletes, and deleting or reading a missing object is not an error', async () => {
    const key = objectKey('user-audio', 'u4', 'audio_4.webm');
    await storage.put(key, Buffer.from('x'), { contentType: 'audio/webm' });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys outside the buckets or with unsafe segments', async () => {
    for (const key of ['user-audio', 'user-audio/../etc/passwd', 'other/x.webm', 'user-audio//x', 'user-audio/.hidden', 'user-audio/a b']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/invalid storage key/);
    }
    expect(() => objectKey('user-audio', '..', 'x')).toThrow(/invalid storage key/);
  });

  it('maps keys to public URLs and back, and ignores foreign URLs', () => {
    const key = objectKey('user-audio', 'u5', 'audio_5.webm');
    const url = storage.publicUrl(key);
    expect(url).toBe('/files/user-audio/u5/audio_5.webm');
    expect(storage.keyFromPublicUrl(url)).toBe(key);
    expect(storage.keyFromPublicUrl('https://elsewhere.example/user-audio/u5/audio_5.webm')).toBeNull();
    expect(storage.keyFromPublicUrl('/files/../secret')).toBeNull();
  });
});

describe('s3 driver with a public base URL', () => {
  it('builds URLs on it (with the key prefix) and maps them back', () => {
    const storage = createS3Storage({ bucket: 'b-1', region: 'us-east-1', keyPrefix: 'prod/', publicBaseUrl: 'https://cdn.example.org/media/' });
    const key = objectKey('user-audio', 'u', 'audio_1.webm');
    expect(storage.publicUrl(key)).toBe('https://cdn.example.org/media/prod/user-audio/u/audio_1.webm');
    expect(storage.keyFromPublicUrl('https://cdn.example.org/media/prod/user-audio/u/audio_1.webm')).toBe(key);
    storage.close();
  });
});
