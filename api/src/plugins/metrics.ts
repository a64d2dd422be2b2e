import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import { QUEUE_NAMES } from '@app/common/jobs';
import { processRegistry, renderJobDurations } from '@app/common/server/metrics';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Prometheus text at GET /metrics, for a scraper holding `Authorization: Bearer $METRICS_TOKEN` (401
 * without or with a wrong one). Without METRICS_TOKEN it is open in development and test, and
 * disabled in production (503 saying so, and a warning at start): metrics name routes and queue
 * sizes, which are not for the public.
 *
 * Per process: HTTP request durations by method, route pattern (routeOptions.url, never the raw URL,
 * so ids and query strings do not explode the series) and status; Socket.IO connections; the studio's
 * ingest figures and Node.js defaults (common/src/server/metrics.ts). Shared, read at scrape time:
 * queue counts per state and job-duration histograms (recorded in Redis by every worker).
 */
export const metricsPlugin = fp<{ token: string | undefined; production: boolean; redisPrefix: string }>(
  async (app, opts) => {
    const registry = new Registry();
    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'socketio_connections',
      help: 'Socket.IO clients connected to this API process',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
      },
    });
    new Gauge({
      name: 'bullmq_queue_jobs',
      help: 'Jobs per queue and state, read from Redis at scrape time',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await Promise.all(
            QUEUE_NAMES.map(async (queue) => {
              const counts = await app.queues[queue].getJobCounts(...JOB_STATES);
              for (const state of JOB_STATES) this.set({ queue, state }, counts[state] ?? 0);
            }),
          );
        } catch (err) {
          // Redis away: no queue series in this scrape (absent, not a misleading zero); /readyz says why.
          this.reset();
          app.log.warn({ err: (err as Error).message }, 'queue metrics unavailable (Redis)');
        }
      },
    });

    new Gauge({
      name: 'ledger_log_alarm_open',
      help: 'Unresolved transparency-log alarms raised by the ledger watchdog (0 when the rows match the log)',
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const row = (await app.db('ledger_log_alarms').whereNull('resolved_at').count({ n: '*' }).first()) as { n: string };
          this.set(Number(row.n));
        } catch (err) {
          app.log.warn({ err: (err as Error).message }, 'ledger alarm metric unavailable (Postgres)');
        }
      },
    });

    // A callback hook, not an async one: every answer passes here, and an async hook costs a promise per request.
    app.addHook('onResponse', (req, reply, done) => {
      // Unmatched URLs (404s, scans) share one series instead of one per URL.
      const route = req.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });

    if (!opts.token && opts.production) app.log.warn('METRICS_TOKEN is not set: /metrics is disabled');

    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!opts.token && opts.production) {
        return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Metrics are disabled: set METRICS_TOKEN to enable /metrics', requestId: req.id });
      }
      if (opts.token) {
        const header = req.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!given || !sameSecret(given, opts.token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)', requestId: req.id });
        }
      }
      const [own, shared] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
      let jobs = '';
      try {
        jobs = await renderJobDurations(app.redis, opts.redisPrefix);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'job duration metrics unavailable (Redis)');
      }
      reply.type(registry.contentType);
      return `${own}\n${shared}\n${jobs}`;
    });
  },
  { name: 'metrics', dependencies: ['redis', 'realtime'] },
);
