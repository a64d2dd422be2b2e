import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RATE_LIMITS, TOO_MANY_ATTEMPTS, type RateLimitName } from '@app/common/domain/rate-limits';
import { httpError } from '../http-error';

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { current, redis.call('PTTL', KEYS[1]) }`;

/**
 * A fixed-window counter in Redis shared by every API instance. Counters are per limit name (the
 * route's groupId), not per URL, so e.g. every 'payment' route shares one budget per caller.
 * When Redis cannot be reached it reports a 503; routes whose limit fails open skip it.
 */
function redisStoreFor(redis: Redis, prefix: string) {
  // A named script: every call sends its SHA1 (EVALSHA), not the script text; ioredis sends the text only when Redis
  // does not know the script yet (first call, or after a restart).
  redis.defineCommand('rateLimitIncr', { numberOfKeys: 1, lua: INCR });
  const incrScript = (key: string, windowMs: number) => (redis as unknown as { rateLimitIncr(key: string, windowMs: number): Promise<[number, number]> }).rateLimitIncr(key, windowMs);
  return class LimitStore {
    private readonly keyPrefix: string;
    constructor(_params?: unknown, keyPrefix = `${prefix}:rl:`) {
      this.keyPrefix = keyPrefix;
    }
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      incrScript(this.keyPrefix + key, timeWindow).then(
        ([current, ttl]) => {
          cb(null, { current, ttl });
        },
        (err: Error) => cb(Object.assign(httpError(503, 'This action is paused for a moment because a safety check is unavailable. Please try again shortly.'), { cause: err })),
      );
    }
    child(routeOptions: { groupId?: string; routeInfo: { method?: string; url?: string } }): LimitStore {
      const group = routeOptions.groupId ?? `${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}`;
      return new LimitStore(undefined, `${prefix}:rl:${group}:`);
    }
  };
}

/** The spec's named rate limits on a Redis store shared by all instances; keyed by member id, else IP. */
export const rateLimitPlugin = fp<{ prefix: string }>(
  async (app, opts) => {
    await app.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      store: redisStoreFor(app.redis, opts.prefix) as never,
      keyGenerator: (req) => (req.session ? `u:${req.session.userId}` : req.studioSessionId ? `studio:${req.studioSessionId}` : `ip:${req.ip}`),
      errorResponseBuilder: (_req, ctx) => httpError(ctx.statusCode, TOO_MANY_ATTEMPTS),
    });
  },
  { name: 'rate-limit', dependencies: ['redis', 'access'] },
);

/**
 * A second counter for a guessing route, keyed by what is guessed (hashed; never stored in clear) instead
 * of by caller: every IP and account trying the same value shares one budget. Use as the route's
 * preHandler. (createRateLimit, not rateLimit: the library runs only one rateLimit hook per request.)
 */
export function limitPerGuess(app: FastifyInstance, name: RateLimitName, guessed: (req: FastifyRequest) => string): preHandlerAsyncHookHandler {
  const l = RATE_LIMITS[name];
  const check = app.createRateLimit({
    max: l.max,
    timeWindow: l.windowMs,
    skipOnError: !l.failClosed,
    keyGenerator: (req) => `guess:${name}:${createHash('sha256').update(guessed(req)).digest('hex')}:`,
  });
  return async (req, reply) => {
    const r = await check(req);
    if (r.isAllowed || !r.isExceeded) return;
    void reply.header('retry-after', String(r.ttlInSeconds));
    throw httpError(429, TOO_MANY_ATTEMPTS);
  };
}
