import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** An in-process S3-compatible server (s3rver) on a free port, with one bucket, for the S3 storage driver. */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The API's environment that points the S3 driver at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 with a fresh directory and the bucket `bucket`. */
export async function startFakeS3(bucket = 'adx-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
