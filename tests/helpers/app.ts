import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../api/src/app';
import { developmentKeyText } from '@app/common/server/ledger/ledger-key';
import { loadApiConfig, type ApiConfig } from '../../api/src/config';
import { freshDatabase, testRedisPrefix, type TestDatabase } from './db';
import { freePort } from '../../scripts/lib/proc';

export { freePort };

/** An API instance on its own fresh database and Redis prefix. */
export interface TestApp {
  app: FastifyInstance;
  config: ApiConfig;
  database: TestDatabase;
  /** Base URL when started with listen: true. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Builds the API for a test file; `listen` binds 127.0.0.1 on a free port (for browsers and sockets).
 * Stored files go to a temporary folder (disk driver) removed on close, unless `env` says otherwise. `database`: run
 * on that (another test app's) database instead of a fresh one. `clock`: the app's time (cohort states, seat holds).
 * `routes`: the test's own routes beside the API's (what the API's server does with an answer of a given shape).
 */
export async function startTestApp(opts: { listen?: boolean; env?: Record<string, string>; database?: TestDatabase; clock?: () => Date; routes?: (app: FastifyInstance) => void } = {}): Promise<TestApp> {
  // A second instance on another app's database (as replicas share one) leaves dropping it to that app.
  const database = opts.database ?? (await freshDatabase());
  // A listening app learns its port first, so PUBLIC_URL (links, checkout return URLs) points at it.
  const port = opts.listen ? await freePort() : 0;
  const storageRoot = mkdtempSync(path.join(os.tmpdir(), 'adx-storage-'));
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: testRedisPrefix(),
    ...(opts.listen ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    STORAGE_DISK_ROOT: storageRoot,
    // The key the test workers sign with (production-mode apps refuse to start without one).
    LEDGER_SIGNING_KEY: developmentKeyText(),
    ...opts.env,
  });
  const app = await buildApp(config, opts.clock ? { clock: opts.clock } : {});
  opts.routes?.(app);
  let baseUrl = '';
  if (opts.listen) {
    await app.listen({ port, host: '127.0.0.1' });
    const addr = app.server.address();
    if (addr && typeof addr === 'object') baseUrl = `http://127.0.0.1:${addr.port}`;
  } else {
    await app.ready();
  }
  return {
    app,
    config,
    database,
    baseUrl,
    close: async () => {
      await app.close();
      if (!opts.database) await database.drop();
      rmSync(storageRoot, { recursive: true, force: true });
    },
  };
}

