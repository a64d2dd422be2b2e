import pino from 'pino';
import { inject } from 'vitest';
import type { Knex } from 'knex';
import { handlers } from '../../worker/src/handlers/index';
import { startWorkers, type RunningWorkers } from '../../worker/src/workers';

/** Runs the real workers in this process against a test database and Redis prefix. */
export function startTestWorker(db: Knex, redisPrefix: string, opts: { lockDurationMs?: number } = {}): Promise<RunningWorkers> {
  return startWorkers({
    db,
    redisUrl: inject('redisUrl'),
    redisPrefix,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    handlers,
    concurrency: { ledger: 4, recordings: 1, render: 1 },
    ...opts,
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
