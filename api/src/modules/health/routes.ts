import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZCheck = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
const ZReady = z.object({ status: z.enum(['ready', 'unavailable']), checks: z.record(z.string(), ZCheck) });

async function check(name: string, timeoutMs: number, fn: () => Promise<unknown>): Promise<z.infer<typeof ZCheck>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${name} did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: `${name}: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** /healthz: the process is up. /readyz: Postgres, Redis and object storage answer (503 with the reason otherwise). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['operations'], summary: 'Liveness: the process is up', response: { 200: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['operations'], summary: 'Readiness: Postgres, Redis and object storage reachable', response: { 200: ZReady, 503: ZReady } } },
    async (_req, reply) => {
      const [postgres, redis, storage] = await Promise.all([
        check('postgres', 2_000, () => app.db.raw('select 1')),
        check('redis', 2_000, () => app.redis.ping()),
        check('storage', 3_000, () => app.storage.ready()),
      ]);
      const ok = postgres.ok && redis.ok && storage.ok;
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', checks: { postgres, redis, storage } });
    },
  );
};
