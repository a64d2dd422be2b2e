// The finalize tests' app (studio-finalize*.test.ts): the API on a port, the real workers on its storage once a test
// asks for them, and the ingest sockets the tests open; all closed after the file.
import { afterAll, beforeAll } from 'vitest';
import { createStorage } from '@app/common/server/storage/index';
import type { RunningWorkers } from '../../worker/src/workers';
import { startTestApp, type TestApp } from './app';
import { IngestClient } from './studio';
import { startTestWorker } from './worker';

/** Registers the hooks that start and close the app; read `t` inside hooks and tests (it is set in beforeAll). */
export function useFinalizeApp() {
  let t: TestApp;
  let worker: RunningWorkers | undefined;
  const open: IngestClient[] = [];
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await worker?.close();
    await t.close();
  });

  const startWorker = async () => {
    worker ??= await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage: createStorage(t.config) });
  };

  function ingest(baseUrl: string, recordingId: string, cookie: string): IngestClient {
    const c = new IngestClient(baseUrl, recordingId, { cookie });
    open.push(c);
    return c;
  }

  const row = (table: string, where: Record<string, unknown>) => t.database.db(table).where(where).first();

  /** The API's queues (same Redis prefix as the worker). */
  function queuesOf() {
    return t.app.queues;
  }

  return {
    get t() {
      return t;
    },
    startWorker,
    ingest,
    row,
    queuesOf,
  };
}
