// The Redis-outage fault tests' stage: an API on a Redis of its own that a test stops and starts (it comes back empty,
// with no persistence), beside a worker process the test spawns on it.
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll } from 'vitest';
import { closeQueues, createQueues, type Queues } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import type { FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from './app';
import { eventuallyWith, type PrivateRedis, privateRedis, spawnWorkerProcess, stripeAppEnv, type WorkerProcess, workerProcessEnv } from './processes';
import { eventually } from './worker';

export interface RedisOutage {
  readonly t: TestApp;
  /** Spawns the worker process on the private Redis (stopped after the file). */
  spawnWorker(): WorkerProcess;
  /** Waits until the worker has upserted its schedules: it is up before Redis goes away, and stays up throughout. */
  workerStarted(worker: WorkerProcess): Promise<void>;
  /** Stops Redis and waits for the API's readiness to say so. */
  redisDown(): Promise<void>;
  /** Starts Redis again (empty) and waits for the API's readiness to see it. */
  redisBack(): Promise<void>;
  /** Runs `fn` with the app's queues and the ledger queue's events on fresh connections, closed after. */
  withLedgerQueue<T>(fn: (queues: Queues, events: QueueEvents) => Promise<T>): Promise<T>;
}

/** Registers the stage's hooks in the current describe. */
export function useRedisOutage(stripe: () => FakeStripe): RedisOutage {
  let t: TestApp | undefined;
  let redis: PrivateRedis | undefined;
  let worker: WorkerProcess | undefined;
  const started = () => {
    if (!t || !redis) throw new Error('the Redis outage stage is used before its beforeAll ran');
    return { t, redis };
  };
  const readiness = async (status: number) => (await started().t.app.inject('/readyz')).statusCode === status;

  beforeAll(async () => {
    redis = await privateRedis();
    t = await startTestApp({ env: { ...stripeAppEnv(stripe()), REDIS_URL: redis.url } });
    // These payments were written at the sale's former donation rate, 100 ADX per dollar; the assertions keep it.
    await t.database.db('token_sale').update({ tokens_per_dollar: '100' });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await redis?.stop();
  });

  return {
    get t() {
      return started().t;
    },
    spawnWorker() {
      const { t, redis } = started();
      worker = spawnWorkerProcess(workerProcessEnv(t, redis.url));
      return worker;
    },
    async workerStarted(w) {
      const { t, redis } = started();
      const probeConnection = createBullConnection(redis.url);
      const probe = new Queue('ledger', { connection: probeConnection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
      try {
        await eventuallyWith([w], async () => (await probe.getJobSchedulers()).some((s) => (s.key ?? s.id) === 'ledger-reconcile'), 30_000, 'the worker to start');
      } finally {
        await probe.close();
        probeConnection.disconnect();
      }
    },
    async redisDown() {
      await started().redis.stop();
      await eventually(() => readiness(503), 15_000, 'the API to notice Redis is gone');
    },
    async redisBack() {
      await started().redis.start();
      await eventually(() => readiness(200), 15_000, 'the API to see Redis again');
    },
    async withLedgerQueue(fn) {
      const { t, redis } = started();
      const connection = createBullConnection(redis.url);
      const eventsConnection = createBullConnection(redis.url);
      const queues = createQueues(connection, t.config.REDIS_PREFIX);
      const events = new QueueEvents('ledger', { connection: eventsConnection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
      try {
        await events.waitUntilReady();
        return await fn(queues, events);
      } finally {
        await events.close();
        await closeQueues(queues);
        connection.disconnect();
        eventsConnection.disconnect();
      }
    },
  };
}
