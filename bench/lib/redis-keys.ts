import { Redis } from 'ioredis';

/** Deletes every key under each of `prefixes` (a bench's queues and locks) from the shared Redis. */
export async function deleteRedisPrefixes(redisUrl: string, prefixes: string[]): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = nextCursor;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}
