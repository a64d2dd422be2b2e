import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { idleGc } from '@app/common/server/idle-memory';
import { apiLoggerOptions } from '@app/common/server/log';
import type { ApiConfig } from './config';
import { accessPlugin, sessionCookieName, studioCookieName } from './plugins/access';
import { dbPlugin } from './plugins/db';
import { ledgerCachePlugin } from './plugins/ledger-cache';
import { siteRevisionPlugin } from './plugins/site-revision';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { metricsPlugin } from './plugins/metrics';
import { paymentsPlugin } from './modules/payments/provider.plugin';
import { queueDashboardRoutes } from './plugins/queue-dashboard';
import { realtimePlugin } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { DATA_CSP, securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { stringGatePlugin } from './plugins/string-gate';
import { webPlugin } from './plugins/web';
import { MODULES } from './modules/index';
import type { ModuleOptions } from './modules/module';
import { closeWithWholeReplies } from './whole-replies';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's x-request-id when it is a sane one, else a new id. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The time rules that depend on "now" read (cohort states, seat holds): the machine's, unless a test sets it. */
    clock: () => Date;
    /** Marks the process busy (a request, a studio chunk): its idle collection waits (common/src/server/idle-memory.ts). */
    markActive: () => void;
  }
}

/**
 * Builds the API with every plugin and route registered; it does not listen (tests use inject). `clock` replaces
 * the machine's time for the rules that depend on it (tests move it).
 */
export async function buildApp(config: ApiConfig, opts: { clock?: () => Date } = {}): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production';
  const lifetime = { idleMs: config.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: config.SESSION_MAX_DAYS * 86_400_000 };
  const app = Fastify({
    logger: apiLoggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: requestIdOf,
    bodyLimit: 1_048_576,
    // Draining (SIGTERM): the listener is closed at once, so new connections go to other instances;
    // a request that still arrives on an open connection is served (with Connection: close), not
    // refused with 503, so no accepted request is lost.
    return503OnClosing: false,
    // URLs the router refuses before any hook runs (bad percent-encoding, a path segment over 100
    // characters): our error shape and the headers helmet would have sent, without echoing the URL.
    frameworkErrors: (err, req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status: number = tooLong ? 414 : 400;
      void (reply as unknown as FastifyReply)
        .status(status)
        .headers({ 'x-content-type-options': 'nosniff', 'content-security-policy': DATA_CSP, 'x-request-id': req.id })
        .send({ statusCode: status, error: tooLong ? 'URI Too Long' : 'Bad Request', message: tooLong ? 'A part of the address is too long' : 'The address is not valid (malformed percent-encoding)', requestId: req.id });
    },
  }).withTypeProvider<ZodTypeProvider>();

  closeWithWholeReplies(app.server);
  app.decorate('clock', opts.clock ?? (() => new Date()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One full collection once no answer has been sent for IDLE_GC_SECONDS (inert without --expose-gc).
  const idle = idleGc({ idleMs: config.IDLE_GC_SECONDS * 1000 });
  app.decorate('markActive', idle.touch);
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise per request. The
  // answer is the process's activity too (one hook on the hot path for both).
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    idle.touch();
    done(null, payload);
  });
  app.addHook('onClose', (_app, done) => {
    idle.stop();
    done();
  });
  await app.register(errorsPlugin);
  // Before every module, so each route registered after it, in any module, passes the gate.
  await app.register(stringGatePlugin);
  await app.register(dbPlugin, { url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX });
  await app.register(ledgerCachePlugin, { url: config.DATABASE_URL });
  await app.register(siteRevisionPlugin, { url: config.DATABASE_URL });
  await app.register(redisPlugin, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  // Files from S3_PUBLIC_URL (a CDN or public bucket) play in <audio>/<video> only if the CSP allows that origin.
  const mediaOrigins = config.STORAGE_DRIVER === 's3' && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  await app.register(securityPlugin, { production, mediaOrigins });
  await app.register(docsPlugin, { productName: config.PRODUCT_NAME, publicUrl: config.publicUrl });
  await app.register(accessPlugin, { lifetime, secureCookies: production, publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { prefix: config.REDIS_PREFIX });
  await app.register(realtimePlugin, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, publicUrl: config.publicUrl, cookieName: sessionCookieName(production), studioCookieName: studioCookieName(production), lifetime, recheckMs: config.SOCKET_SESSION_RECHECK_MS });
  await app.register(paymentsPlugin, {
    production,
    publicUrl: config.publicUrl,
    stripe: config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET ? { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL } : null,
  });
  await app.register(storagePlugin, { env: config });
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, production, redisPrefix: config.REDIS_PREFIX });

  const moduleOptions: ModuleOptions = { config, production, lifetime };
  for (const feature of MODULES) await app.register(feature, moduleOptions);

  await app.register(queueDashboardRoutes);

  await app.register(webPlugin, { distDir: config.WEB_DIST, publicUrl: config.publicUrl });
  return app;
}
