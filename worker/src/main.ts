import { writeFile } from 'node:fs/promises';
import { createDb } from '@app/common/server/db';
import { loadConfigOrExit } from '@app/common/server/env';
import { createLogger } from '@app/common/server/log';
import { idleGc } from '@app/common/server/idle-memory';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import { createStorage } from '@app/common/server/storage/index';
import { loadWorkerConfig } from './config';
import { handlers } from './handlers/index';
import { createStripeClient } from '@app/common/server/stripe-client';
import { createMailer } from './mail/mailer';
import { startWorkers } from './workers';

/** Worker process: one BullMQ Worker per queue; SIGTERM finishes active jobs before exiting. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(() => loadWorkerConfig());
  const log = createLogger({ level: config.LOG_LEVEL, base: { service: 'worker' } });
  const db = createDb(config.DATABASE_URL, { poolMax: config.DB_POOL_MAX });
  const storage = createStorage(config);
  await storage.ready();
  const running = await startWorkers({
    db,
    storage,
    stripe: config.STRIPE_SECRET_KEY ? createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }) : null,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    log,
    handlers,
    concurrency: {
      ledger: config.WORKER_CONCURRENCY_LEDGER,
      recordings: config.WORKER_CONCURRENCY_RECORDINGS,
      render: config.WORKER_CONCURRENCY_RENDER,
      mail: config.WORKER_CONCURRENCY_MAIL,
    },
    mailer: createMailer(config),
    lockDurationMs: config.WORKER_LOCK_DURATION_MS,
    ledgerSigner: ledgerSignerOf(config),
  });
  log.info('worker started: queues ledger, recordings, render, mail');

  // One full collection once no job has started or ended for IDLE_GC_SECONDS (inert without --expose-gc).
  const idle = idleGc({ idleMs: config.IDLE_GC_SECONDS * 1000 });
  for (const worker of running.workers) for (const event of ['active', 'completed', 'failed'] as const) worker.on(event, idle.touch);

  // Liveness for the container: touch the heartbeat file while Postgres and Redis answer.
  const heartbeatFile = config.WORKER_HEARTBEAT_FILE;
  const heartbeat = heartbeatFile
    ? setInterval(() => {
        Promise.all([db.raw('select 1'), running.ping()])
          .then(([, redisOk]) => (redisOk ? writeFile(heartbeatFile, new Date().toISOString()) : undefined))
          .catch((err: Error) => log.warn({ err: err.message }, 'heartbeat skipped: a dependency did not answer'));
      }, 10_000)
    : undefined;
  heartbeat?.unref();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(heartbeat);
    idle.stop();
    log.info({ signal }, 'shutting down: finishing active jobs');
    const force = setTimeout(() => {
      log.error('graceful shutdown timed out; exiting (unfinished jobs will be retried as stalled)');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    running
      .close()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
