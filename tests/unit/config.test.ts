import { describe, expect, it } from 'vitest';
import { generateSignerKey } from '@app/common/domain/signed-note';
import { ConfigError } from '@app/common/server/env';
import { loadApiConfig } from '../../api/src/config';
import { loadWorkerConfig } from '../../worker/src/config';

const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('api config', () => {
  it('applies defaults', () => {
    const c = loadApiConfig(base);
    expect(c.PORT).toBe(3000);
    expect(c.NODE_ENV).toBe('development');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.REDIS_PREFIX).toBe('adx');
  });

  it('names a bad variable and what it got, in one line', () => {
    const m = message(() => loadApiConfig({ ...base, PORT: 'abc' }));
    expect(m).toMatch(/^Invalid configuration: PORT must be a number \(got "abc"\)$/);
    expect(m).not.toContain('\n');
  });

  it('names every bad variable at once', () => {
    const m = message(() => loadApiConfig({ DATABASE_URL: 'mysql://x', PORT: '70000' }));
    expect(m).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")');
    expect(m).toContain('REDIS_URL is required');
    expect(m).toContain('PORT must be between 1 and 65535');
  });

  it('treats an empty value as unset', () => {
    expect(loadApiConfig({ ...base, PORT: '' }).PORT).toBe(3000);
  });

  it('rejects a public URL that is not absolute', () => {
    expect(message(() => loadApiConfig({ ...base, PUBLIC_URL: 'example.org' }))).toContain('PUBLIC_URL must be an absolute URL');
  });
});

describe('worker config', () => {
  it('rejects a non-numeric concurrency', () => {
    expect(message(() => loadWorkerConfig({ ...base, WORKER_CONCURRENCY_LEDGER: 'many' }))).toContain('WORKER_CONCURRENCY_LEDGER must be a number');
  });
  it('has per-queue defaults', () => {
    const c = loadWorkerConfig(base);
    expect([c.WORKER_CONCURRENCY_LEDGER, c.WORKER_CONCURRENCY_RECORDINGS, c.WORKER_CONCURRENCY_RENDER]).toEqual([200, 2, 1]);
  });
  it('takes the job lock duration from WORKER_LOCK_DURATION_MS (BullMQ default 30000), within bounds', () => {
    expect(loadWorkerConfig(base).WORKER_LOCK_DURATION_MS).toBe(30_000);
    expect(loadWorkerConfig({ ...base, WORKER_LOCK_DURATION_MS: '2000' }).WORKER_LOCK_DURATION_MS).toBe(2_000);
    expect(message(() => loadWorkerConfig({ ...base, WORKER_LOCK_DURATION_MS: '10' }))).toContain('WORKER_LOCK_DURATION_MS must be between 1000 and 600000');
  });
});

describe('storage config', () => {
  it('defaults to the disk driver under ./.data/storage', () => {
    const c = loadApiConfig(base);
    expect(c.STORAGE_DRIVER).toBe('disk');
    expect(c.STORAGE_DISK_ROOT).toMatch(/\.data\/storage$/);
  });

  it('needs a bucket for the S3 driver, and both keys or neither', () => {
    expect(message(() => loadApiConfig({ ...base, STORAGE_DRIVER: 's3' }))).toContain('S3_BUCKET is required when STORAGE_DRIVER=s3');
    expect(message(() => loadApiConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }))).toContain(
      'S3_SECRET_ACCESS_KEY must be set together with the other S3 key',
    );
    expect(message(() => loadApiConfig({ ...base, STORAGE_DRIVER: 'ftp' }))).toContain('STORAGE_DRIVER must be disk or s3');
    expect(message(() => loadApiConfig({ ...base, S3_BUCKET: 'Bad_Bucket' }))).toContain('S3_BUCKET must be an S3 bucket name');
  });

  it('accepts a MinIO setup', () => {
    const c = loadApiConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'adx-media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'adx', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' });
    expect(c).toMatchObject({ STORAGE_DRIVER: 's3', S3_BUCKET: 'adx-media', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
  });
});

describe('the ledger signing key', () => {
  it('is required in production by the API and the worker, and must be a signed-note Ed25519 key', () => {
    for (const load of [loadApiConfig, loadWorkerConfig]) {
      expect(message(() => load({ ...base, NODE_ENV: 'production', STORAGE_DRIVER: 'disk' }))).toContain('LEDGER_SIGNING_KEY is required in production');
      expect(message(() => load({ ...base, LEDGER_SIGNING_KEY: 'PRIVATE+KEY+x+00000000+AAAA' }))).toContain('LEDGER_SIGNING_KEY must be a signed-note Ed25519 key');
      expect(load({ ...base, NODE_ENV: 'production', LEDGER_SIGNING_KEY: generateSignerKey('example.org/ledger') }).LEDGER_SIGNING_KEY).toMatch(/^PRIVATE\+KEY\+example\.org\/ledger\+/);
    }
  });
});
