import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis client for request-time use (readiness, counters): fails fast while Redis is down instead of
 * queueing commands, so callers can answer 503 rather than hang.
 */
export function createRedis(url: string, opts: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    ...opts,
  });
}

/** A Redis client for BullMQ workers, which block on Redis and must retry forever (BullMQ's requirement). */
export function createBullConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
}

/** The BullMQ key prefix for a deployment's REDIS_PREFIX. */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}
