import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOBS, QUEUE_DEFAULTS, QUEUE_NAMES, type JobName, type JobPayload, type QueueName } from '../jobs';
import { bullPrefix } from './redis';

/** One BullMQ Queue per queue name, sharing a connection. */
export type Queues = Record<QueueName, Queue>;

/** Opens every queue for producing jobs. */
export function createQueues(connection: Redis, redisPrefix: string): Queues {
  const entries = QUEUE_NAMES.map((name) => {
    const d = QUEUE_DEFAULTS[name];
    const queue = new Queue(name, {
      connection,
      prefix: bullPrefix(redisPrefix),
      defaultJobOptions: {
        attempts: d.attempts,
        backoff: { type: 'exponential', delay: d.backoffMs },
        removeOnComplete: { count: d.keepCompleted },
        removeOnFail: { count: d.keepFailed },
      },
    });
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

/** Closes every queue. */
export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
