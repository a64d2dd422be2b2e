import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../repo-root';
import { createDiskStorage } from './disk.driver';
import { createS3Storage } from './s3.driver';
import type { Storage } from './storage';

export * from './storage';
export { createDiskStorage } from './disk.driver';
export { createS3Storage, MIN_PART_SIZE } from './s3.driver';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Storage variables shared by the API and the worker; see .env.example for each one's meaning. */
export const ZStorageEnv = z.object({
  STORAGE_DRIVER: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  STORAGE_DISK_ROOT: z.string().min(1).default(path.join(repoRoot, '.data/storage')),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL such as http://minio:9000' }).optional(),
  S3_FORCE_PATH_STYLE: zBool.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)+$/, 'must be path segments ending in a slash, such as prod/')
    .optional(),
  S3_PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  S3_CREATE_BUCKET: zBool.default(false),
});

/** Parsed storage settings. */
export type StorageEnv = z.infer<typeof ZStorageEnv>;

/** Cross-field checks of the storage variables (use with superRefine on a schema that extends ZStorageEnv). */
export function checkStorageEnv(env: StorageEnv, ctx: z.RefinementCtx): void {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'must be set together with the other S3 key' });
  }
}

/** The storage driver the settings choose. */
export function createStorage(env: StorageEnv): Storage {
  if (env.STORAGE_DRIVER === 'disk') return createDiskStorage({ root: env.STORAGE_DISK_ROOT });
  return createS3Storage({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    keyPrefix: env.S3_KEY_PREFIX,
    publicBaseUrl: env.S3_PUBLIC_URL,
    createBucket: env.S3_CREATE_BUCKET,
  });
}
