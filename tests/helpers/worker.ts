import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type Stripe from 'stripe';
import { createDiskStorage, type Storage } from '@app/common/server/storage/index';
import { inject } from 'vitest';
import type { Knex } from 'knex';
import { handlers } from '../../worker/src/handlers/index';
import type { Mailer } from '../../worker/src/mail/mailer';
import { startWorkers, type RunningWorkers, type WorkerDeps } from '../../worker/src/workers';

/**
 * Runs the real workers in this process against a test database and Redis prefix. Pass the API's
 * storage (createStorage(testApp.config)) when the test reads what the worker stores; otherwise a
 * temporary disk folder is used.
 */
export function startTestWorker(db: Knex, redisPrefix: string, opts: { lockDurationMs?: number; storage?: Storage; mailer?: Mailer; stripe?: Stripe | null; concurrency?: WorkerDeps['concurrency'] } = {}): Promise<RunningWorkers> {
  const { storage = createDiskStorage({ root: mkdtempSync(path.join(os.tmpdir(), 'adx-worker-storage-')) }), ...rest } = opts;
  return startWorkers({
    storage,
    db,
    redisUrl: inject('redisUrl'),
    redisPrefix,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    handlers,
    concurrency: { ledger: 4, recordings: 1, render: 1 },
    ...rest,
  });
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
