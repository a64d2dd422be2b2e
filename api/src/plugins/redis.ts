import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createRedis } from '@app/common/server/redis';
import { closeQueues, createQueues, type Queues } from '@app/common/server/queues';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
    queues: Queues;
  }
}

/** Redis for request-time use (fails fast) and the BullMQ queues (their own connection); closed on app close. */
export const redisPlugin = fp<{ url: string; prefix: string }>(
  async (app, opts) => {
    const redis = createRedis(opts.url);
    // Errors surface through /readyz and the calls that need Redis; log them once per change, not per retry.
    let lastError = '';
    redis.on('error', (err: Error) => {
      if (err.message !== lastError) app.log.warn({ err: err.message }, 'redis connection error');
      lastError = err.message;
    });
    redis.on('ready', () => {
      lastError = '';
    });
    // Producers fail fast while Redis is away (callers decide: the webhook still answers 200 and the
    // reconciler enqueues later); only workers need BullMQ's block-forever connection.
    const bull = createRedis(opts.url, { maxRetriesPerRequest: 1 });
    bull.on('error', () => undefined);
    const queues = createQueues(bull, opts.prefix);
    // The request-time client queues nothing while disconnected, so wait (briefly) for the first
    // connection: otherwise the first rate-limited calls after boot get a 503. Redis being down at boot
    // is not fatal (reads keep working; /readyz reports it), hence the time limit.
    const ac = new AbortController();
    await Promise.race([once(redis, 'ready', { signal: ac.signal }), delay(3_000, undefined, { signal: ac.signal })]).catch(() => undefined);
    ac.abort();
    app.decorate('redis', redis);
    app.decorate('queues', queues);
    app.addHook('onClose', async () => {
      await closeQueues(queues);
      bull.disconnect();
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
