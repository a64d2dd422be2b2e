import type { Readable } from 'node:stream';

/**
 * The logical buckets. With the disk driver each is a folder under the storage root; with S3 they are
 * key prefixes inside one bucket (S3_BUCKET), so one set of credentials and one policy cover both.
 */
const STORAGE_BUCKETS = ['user-audio', 'speaker-recordings', 'flyers', 'archive-thumbnails', 'receipts'] as const;
/** One of {@link STORAGE_BUCKETS}. */
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

/** The spec's cache control for stored files (§9: 3600 seconds). */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=3600';

/** What `put` and `uploadStream` take besides the bytes. */
export interface PutOptions {
  contentType: string;
  /** Default {@link DEFAULT_CACHE_CONTROL}. */
  cacheControl?: string;
}

/** Options of `uploadStream`: the part size of an S3 multipart upload (at least 5 MiB, S3's minimum). */
export interface UploadStreamOptions extends PutOptions {
  partSize?: number;
}

/** A stored object's metadata. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  cacheControl: string;
  etag: string | null;
  lastModified: Date | null;
}

/** What `uploadStream` answers: the stored object and how many parts it went up in (1 on disk). */
export interface UploadResult extends StoredObject {
  parts: number;
}

/** An inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object's bytes as a stream: the whole object, or `range` of it. */
export interface ObjectStream extends StoredObject {
  body: Readable;
  /** The range served (clamped to the object), or null for the whole object. */
  range: ByteRange | null;
}

/** Object storage: one interface over the local-disk driver and the S3 driver. Keys are `{bucket}/{path}`. */
export interface Storage {
  readonly driver: 'disk' | 's3';
  /** Creates the root folder or checks (and if missing, creates) the bucket. */
  ready(): Promise<void>;
  /** Stores an object, replacing any with the same key; readers never see a half-written object. */
  put(key: string, body: Buffer | Uint8Array | Readable, opts: PutOptions): Promise<StoredObject>;
  /** Streams an object of unknown length into storage: an S3 multipart upload (parts ≥ 5 MiB) or a disk write. */
  uploadStream(key: string, body: Readable, opts: UploadStreamOptions): Promise<UploadResult>;
  /**
   * Stores private bytes that are never served (no content type or cache control of their own), as cheaply as
   * the driver can: one file written in place on disk (no metadata file, no stat), one PutObject on S3 (no HEAD).
   * Readers never see a half-written object; a second put of the same key replaces it.
   */
  putBlob(key: string, body: Uint8Array): Promise<void>;
  /**
   * The local file that holds the blob `key`, for a program to read directly (the disk driver), or null where
   * objects are not local files (S3). Says nothing about whether the file exists.
   */
  blobFile(key: string): string | null;
  /** A local folder where a file to be stored with `adoptFile` should be made (on disk: the store's own, so adopting is a rename). */
  scratchRoot(): string;
  /** Stores the local file `file` (made under `scratchRoot()`) and consumes it: renamed into place on disk, uploaded on S3. */
  adoptFile(key: string, file: string, opts: UploadStreamOptions): Promise<UploadResult>;
  /** The object's metadata, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Whether the object exists. */
  exists(key: string): Promise<boolean>;
  /** The whole object in memory, or null (for small objects only). */
  get(key: string): Promise<Buffer | null>;
  /** The object (or a byte range of it) as a stream, or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes many objects (S3: up to 1,000 per request); missing ones are not an error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** The URL the browser loads the object from. */
  publicUrl(key: string): string;
  /** The key behind a URL made by `publicUrl`, or null for any other URL. */
  keyFromPublicUrl(url: string): string | null;
  /** Releases connections. */
  close(): void;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Thrown for a key outside the known buckets or with unsafe segments ('..', empty, odd characters). */
class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
}

/** Whether `key` is `{bucket}/{segment}/…` with a known bucket and safe segments (no '..', no leading dot). */
export function isValidKey(key: string): boolean {
  if (key.length > 1024) return false;
  const parts = key.split('/');
  if (parts.length < 2 || !(STORAGE_BUCKETS as readonly string[]).includes(parts[0]!)) return false;
  return parts.slice(1).every((p) => SEGMENT.test(p));
}

/** Throws InvalidKeyError unless `key` is valid; returns it. */
export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(`invalid storage key: ${JSON.stringify(key.slice(0, 120))}`);
  return key;
}

/** Builds a key: `objectKey('user-audio', userId, 'audio_1.webm')` → `user-audio/{userId}/audio_1.webm`. */
export function objectKey(bucket: StorageBucket, ...path: string[]): string {
  return assertKey([bucket, ...path].join('/'));
}

/** Clamps a requested range to an object of `size` bytes; null when it cannot be satisfied. */
export function clampRange(range: ByteRange, size: number): ByteRange | null {
  if (size === 0 || range.start >= size || range.start < 0 || range.end < range.start) return null;
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
