import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { JOBS, QUEUE_NAMES, SCHEDULES, isJobName, type JobName, type QueueName } from '@app/common/jobs';
import { createBullConnection, bullPrefix } from '@app/common/server/redis';
import { closeQueues, createQueues } from '@app/common/server/queues';
import { JobDurationRecorder } from '@app/common/server/metrics';
import { createRedisEmitter } from '@app/common/server/realtime';
import type { Storage } from '@app/common/server/storage/index';
import type Stripe from 'stripe';
import type { NoteSigner } from '@app/common/domain/signed-note';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import type { Handler, HandlerMap } from './context';
import { createMailer, type Mailer } from './mail/mailer';

export interface WorkerDeps {
  db: Knex;
  redisUrl: string;
  redisPrefix: string;
  log: Logger;
  handlers: HandlerMap;
  /** Object storage shared with the API (flyers, finalized recordings). */
  storage: Storage;
  /** Mail queue concurrency is optional so older callers keep compiling (default 2). */
  concurrency: Omit<Record<QueueName, number>, 'mail'> & { mail?: number };
  /** Outgoing mail; default: outbox only, links to http://localhost:3000. */
  mailer?: Mailer;
  /** Stripe, when configured (the provider reconciliation job lists its events). */
  stripe?: Stripe | null;
  /** Signs the ledger's checkpoints; default: the development key (ledgerSignerOf). */
  ledgerSigner?: NoteSigner;
  /**
   * How long a job's lock lives without renewal (WORKER_LOCK_DURATION_MS); the stalled-job check runs
   * at the same interval, so a job whose worker died is back in `wait` within about twice this.
   * Unset: BullMQ's defaults (30 s each).
   */
  lockDurationMs?: number;
}

export interface RunningWorkers {
  workers: Worker[];
  /** Stops taking jobs, waits for the active ones to finish, then closes connections. */
  close(): Promise<void>;
  /** Whether the workers' Redis connection answers. */
  ping(): Promise<boolean>;
}

/** Starts one BullMQ Worker per queue and upserts the repeatable schedules. */
export async function startWorkers(deps: WorkerDeps): Promise<RunningWorkers> {
  const connection = createBullConnection(deps.redisUrl);
  const queues = createQueues(connection, deps.redisPrefix);
  const emitter = createRedisEmitter(connection, deps.redisPrefix);
  const durations = new JobDurationRecorder(connection, deps.redisPrefix, (err) => deps.log.warn({ err: err.message }, 'could not record the job duration metric'));
  const ledgerSigner = deps.ledgerSigner ?? ledgerSignerOf({});
  const mailer = deps.mailer ?? createMailer({ MAIL_FROM: 'ADX Trust <no-reply@localhost>', PRODUCT_NAME: 'ADX Trust' });

  const dispatch = async (job: Job): Promise<unknown> => {
    if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job ${job.name} on queue ${job.queueName}`);
    const name: JobName = job.name;
    const def = JOBS[name];
    if (def.queue !== job.queueName) throw new UnrecoverableError(`job ${name} belongs to queue ${def.queue}, not ${job.queueName}`);
    // Payloads are re-validated: a job written by an older or foreign producer must not reach a handler malformed.
    const parsed = def.payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid payload for ${name}: ${parsed.error.message}`);
    const log = deps.log.child({ job: name, jobId: job.id, attempt: job.attemptsMade + 1 });
    const handler = deps.handlers[name] as Handler<typeof name>;
    const started = performance.now();
    const result = await handler(parsed.data, { db: deps.db, queues, log, job, emitter, storage: deps.storage, mailer, stripe: deps.stripe ?? null, ledgerSigner });
    log.info({ ms: Math.round(performance.now() - started) }, 'job done');
    return result;
  };

  const workers = QUEUE_NAMES.map((queueName) => {
    const worker = new Worker(queueName, dispatch, {
      connection,
      prefix: bullPrefix(deps.redisPrefix),
      concurrency: deps.concurrency[queueName] ?? 2,
      ...(deps.lockDurationMs ? { lockDuration: deps.lockDurationMs, stalledInterval: deps.lockDurationMs } : {}),
    });
    // Run times go to Redis, where the API's /metrics reads them (one histogram across every replica).
    const measure = (job: Job | undefined, outcome: 'completed' | 'failed') => {
      if (!job?.processedOn || !job.finishedOn) return;
      durations.record(queueName, outcome, (job.finishedOn - job.processedOn) / 1000);
    };
    worker.on('completed', (job) => measure(job, 'completed'));
    worker.on('failed', (job, err) => {
      measure(job, 'failed');
      deps.log.warn({ queue: queueName, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed');
    });
    worker.on('error', (err) => deps.log.error({ queue: queueName, err: err.message }, 'worker error'));
    return worker;
  });

  for (const s of SCHEDULES) {
    await queues[JOBS[s.job].queue].upsertJobScheduler(s.id, { every: s.everyMs }, { name: s.job, data: {} });
  }

  return {
    workers,
    ping: async () => (await connection.ping()) === 'PONG',
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await durations.flush();
      await closeQueues(queues);
      mailer.transport.close();
      connection.disconnect();
    },
  };
}
