import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOBS, QUEUE_DEFAULTS, QUEUE_NAMES, type JobName, type JobPayload, type QueueName } from '../jobs';
import { bullPrefix } from './redis';

/** One BullMQ Queue per queue name, sharing a connection. */
export type Queues = Record<QueueName, Queue>;

/**
 * A Queue whose connection still has somewhere to report errors after close. BullMQ reports a failed first wait for
 * Redis by emitting 'error' on the queue's connection wrapper, and close removes every listener from it. When the
 * shared connection never became ready and is ended mid-attempt after the queues closed, that wait fails late, the
 * emit finds no listener and throws: an unhandled rejection per queue.
 */
class ProducerQueue extends Queue {
  override async close(): Promise<void> {
    await super.close();
    this.connection.on('error', () => undefined);
  }
}

/** Opens every queue for producing jobs. */
export function createQueues(connection: Redis, redisPrefix: string): Queues {
  const entries = QUEUE_NAMES.map((name) => {
    const d = QUEUE_DEFAULTS[name];
    const queue = new ProducerQueue(name, {
      connection,
      prefix: bullPrefix(redisPrefix),
      defaultJobOptions: {
        attempts: d.attempts,
        backoff: { type: 'exponential', delay: d.backoffMs },
        removeOnComplete: { count: d.keepCompleted },
        removeOnFail: { count: d.keepFailed },
      },
    });
    // A Queue re-emits its connection's errors; with no listener, EventEmitter throws them, which surfaced as
    // unhandled rejections when the app closed while Redis was unreachable. Producers see Redis errors on
    // their own calls (and /readyz reports them), so the event itself needs no handling.
    queue.on('error', () => undefined);
    return [name, queue] as const;
  });
  return Object.fromEntries(entries) as Queues;
}

/** Validates `payload` against the job's schema and adds it to the job's queue. */
export async function enqueue<N extends JobName>(
  queues: Queues,
  name: N,
  payload: JobPayload<N>,
  opts: JobsOptions = {},
): Promise<string> {
  const def = JOBS[name];
  const data: unknown = def.payload.parse(payload);
  const job = await queues[def.queue].add(name, data, opts);
  return job.id ?? '';
}

/** How long a request waits for Redis to take a job before answering anyway. */
const ENQUEUE_TIMEOUT_MS = 2_000;

/**
 * Enqueues for a caller whose work is already safe in Postgres and picked up by a reconciler: waits at
 * most `timeoutMs` for Redis, so a request never hangs on it. Returns the error instead of throwing
 * (null when the job was added); the job may still be added after a timeout, which jobId makes harmless.
 */
export async function enqueueOrLeaveToReconciler<N extends JobName>(
  queues: Queues,
  name: N,
  payload: JobPayload<N>,
  opts: JobsOptions = {},
  timeoutMs = ENQUEUE_TIMEOUT_MS,
): Promise<Error | null> {
  return withTimeout(() => enqueue(queues, name, payload, opts), timeoutMs);
}

/**
 * enqueueOrLeaveToReconciler for several jobs of one name in one Redis round trip (BullMQ addBulk); one
 * answer for all of them.
 */
export async function enqueueManyOrLeaveToReconciler<N extends JobName>(
  queues: Queues,
  name: N,
  jobs: Array<{ payload: JobPayload<N>; opts?: JobsOptions }>,
  timeoutMs = ENQUEUE_TIMEOUT_MS,
): Promise<Error | null> {
  const def = JOBS[name];
  const queue = queues[def.queue];
  return withTimeout(async () => {
    const bulk = jobs.map((j) => ({ name, data: def.payload.parse(j.payload) as unknown, opts: j.opts ?? {} }));
    // One job is one script call: addBulk wraps even one in a MULTI, and each of its pipelines copies every script
    // BullMQ defines on the connection when it is made (3.4 % of the API's CPU in a webhooks bench, docs/benchmarks.md).
    if (bulk.length === 1) await queue.add(bulk[0]!.name, bulk[0]!.data, bulk[0]!.opts);
    else await queue.addBulk(bulk);
  }, timeoutMs);
}

/** Runs `work`, waiting at most `timeoutMs`; the error (or the time-out) is returned, not thrown. */
async function withTimeout(work: () => Promise<unknown>, timeoutMs: number): Promise<Error | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('enqueue timed out')), timeoutMs);
      }),
    ]);
    return null;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  } finally {
    clearTimeout(timer);
  }
}

/** Closes every queue. */
export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
