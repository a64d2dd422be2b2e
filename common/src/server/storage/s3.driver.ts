import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import { FILES_ROUTE_PREFIX } from './disk.driver';
import {
  assertKey,
  clampRange,
  DEFAULT_CACHE_CONTROL,
  isValidKey,
  type ByteRange,
  type ObjectStream,
  type Storage,
  type StoredObject,
  type UploadResult,
  type UploadStreamOptions,
} from './storage';

/** Keys per DeleteObjects request (S3's maximum). */
const DELETE_BATCH = 1000;

/** S3's smallest part size (except the last part). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

/** Settings of the S3 driver (see .env.example for the matching variables). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint such as MinIO's; unset for AWS itself. */
  endpoint?: string | undefined;
  /** Path-style URLs (`{endpoint}/{bucket}/{key}`), which MinIO needs; default: on when an endpoint is set. */
  forcePathStyle?: boolean | undefined;
  /** Static credentials; unset uses the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key inside the bucket, e.g. `prod/`. */
  keyPrefix?: string | undefined;
  /** A public base URL (CDN or public bucket) for objects; unset serves them through the API at `/files/{key}`. */
  publicBaseUrl?: string | undefined;
  /** Create the bucket in `ready()` when it does not exist. */
  createBucket?: boolean | undefined;
}

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  }
  return false;
}

/**
 * Object storage on S3 or an S3-compatible server (MinIO, s3rver). The logical buckets are key
 * prefixes inside one bucket. Streams of unknown length go up as multipart uploads.
 */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const prefix = opts.keyPrefix ?? '';
  const s3Key = (key: string) => `${prefix}${assertKey(key)}`;
  const publicBase = opts.publicBaseUrl?.replace(/\/+$/, '');

  async function statObject(key: string): Promise<StoredObject | null> {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: s3Key(key) }));
      return {
        key,
        size: h.ContentLength ?? 0,
        contentType: h.ContentType ?? 'application/octet-stream',
        cacheControl: h.CacheControl ?? DEFAULT_CACHE_CONTROL,
        etag: h.ETag ?? null,
        lastModified: h.LastModified ?? null,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async function uploadStream(key: string, body: Readable | Buffer | Uint8Array, o: UploadStreamOptions): Promise<UploadResult> {
    const upload = new Upload({
      client,
      params: { Bucket, Key: s3Key(key), Body: body, ContentType: o.contentType, CacheControl: o.cacheControl ?? DEFAULT_CACHE_CONTROL },
      partSize: Math.max(MIN_PART_SIZE, o.partSize ?? MIN_PART_SIZE),
      queueSize: 2,
      leavePartsOnError: false,
    });
    let parts = 1;
    upload.on('httpUploadProgress', (p) => {
      parts = Math.max(parts, p.part ?? 1);
    });
    await upload.done();
    const stored = await statObject(key);
    if (!stored) throw new Error(`uploaded object not found: ${key}`);
    return { ...stored, parts };
  }

  return {
    driver: 's3',
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        if (!opts.createBucket || !isNotFound(err)) throw err;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
    async put(key, body, o) {
      if (body instanceof Readable) return uploadStream(key, body, o);
      await client.send(
        new PutObjectCommand({ Bucket, Key: s3Key(key), Body: body, ContentType: o.contentType, CacheControl: o.cacheControl ?? DEFAULT_CACHE_CONTROL }),
      );
      const stored = await statObject(key);
      if (!stored) throw new Error(`stored object not found: ${key}`);
      return stored;
    },
    uploadStream,
    async putBlob(key, body) {
      await client.send(new PutObjectCommand({ Bucket, Key: s3Key(key), Body: body, ContentType: 'application/octet-stream' }));
    },
    blobFile: () => null,
    scratchRoot: () => os.tmpdir(),
    async adoptFile(key, file, o) {
      const stored = await uploadStream(key, createReadStream(file, { highWaterMark: 1 << 20 }), o);
      await rm(file, { force: true });
      return stored;
    },
    stat: statObject,
    async exists(key) {
      return (await statObject(key)) !== null;
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: s3Key(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async stream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      const meta = await statObject(key);
      if (!meta) return null;
      const r = range ? clampRange(range, meta.size) : null;
      if (range && !r) throw new RangeError(`range ${range.start}-${range.end} not satisfiable for ${meta.size} bytes`);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: s3Key(key), ...(r ? { Range: `bytes=${r.start}-${r.end}` } : {}) }));
        const body = res.Body instanceof Readable ? res.Body : Readable.from([]);
        return { ...meta, body, range: r };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: s3Key(key) }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    async deleteMany(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const Objects = keys.slice(i, i + DELETE_BATCH).map((k) => ({ Key: s3Key(k) }));
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0) throw new Error(`could not delete ${failed.length} objects: ${failed[0]!.Key} ${failed[0]!.Code ?? ''} ${failed[0]!.Message ?? ''}`);
      }
    },
    publicUrl(key) {
      return publicBase ? `${publicBase}/${s3Key(key)}` : `${FILES_ROUTE_PREFIX}${assertKey(key)}`;
    },
    keyFromPublicUrl(url) {
      let key: string | null = null;
      if (publicBase && url.startsWith(`${publicBase}/${prefix}`)) key = url.slice(`${publicBase}/${prefix}`.length);
      else if (url.startsWith(FILES_ROUTE_PREFIX)) key = url.slice(FILES_ROUTE_PREFIX.length);
      return key !== null && isValidKey(key) ? key : null;
    },
    close() {
      client.destroy();
    },
  };
}
