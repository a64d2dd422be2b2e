import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from './config';
import { accessPlugin, sessionCookieName } from './plugins/access';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { paymentsPlugin } from './plugins/payments';
import { realtimePlugin } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { webPlugin } from './plugins/web';
import { adminPurchaseRoutes } from './routes/admin/purchases';
import { archiveRoutes } from './routes/archive/index';
import { adminSubmissionRoutes } from './routes/admin/submissions';
import { authRoutes } from './routes/auth/index';
import { formRoutes } from './routes/forms/index';
import { healthRoutes } from './routes/health';
import { ledgerRoutes } from './routes/ledger/index';
import { memberRoutes } from './routes/members/index';
import { meRoutes } from './routes/me/index';
import { paymentRoutes } from './routes/payments/index';
import { testCheckoutRoutes } from './routes/payments/test-checkout';
import { webhookRoutes } from './routes/payments/webhook';
import { sessionRoutes } from './routes/sessions/index';
import { speakerAuthRoutes } from './routes/sessions/speaker';
import { speakerProfileRoutes } from './routes/sessions/speakers';
import { ecosystemFormRoutes } from './routes/forms/ecosystem';
import { flyerRoutes } from './routes/flyers/index';
import { meAudioRoutes } from './routes/me/audio';
import { profileRoutes } from './routes/profiles/index';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the API with every plugin and route registered; it does not listen (tests use inject). */
export async function buildApp(config: ApiConfig): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production';
  const lifetime = { idleMs: config.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: config.SESSION_MAX_DAYS * 86_400_000 };
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]'] },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX });
  await app.register(redisPlugin, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  // Files from S3_PUBLIC_URL (a CDN or public bucket) play in <audio>/<video> only if the CSP allows that origin.
  const mediaOrigins = config.STORAGE_DRIVER === 's3' && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  await app.register(securityPlugin, { production, mediaOrigins });
  await app.register(docsPlugin, { productName: config.PRODUCT_NAME, publicUrl: config.publicUrl });
  await app.register(accessPlugin, { lifetime, secureCookies: production, publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { prefix: config.REDIS_PREFIX });
  await app.register(realtimePlugin, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, publicUrl: config.publicUrl, cookieName: sessionCookieName(production), lifetime });
  await app.register(paymentsPlugin, {
    production,
    publicUrl: config.publicUrl,
    stripe: config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET ? { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL } : null,
  });
  await app.register(storagePlugin, { env: config });

  await app.register(healthRoutes);
  await app.register(ledgerRoutes);
  await app.register(authRoutes, {
    settings: { lifetime, cookieName: sessionCookieName(production), secureCookies: production, adminDiscordIds: config.ADMIN_DISCORD_IDS },
    productName: config.PRODUCT_NAME,
    production,
    publicUrl: config.publicUrl,
    discord: config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
      ? { clientId: config.DISCORD_CLIENT_ID, clientSecret: config.DISCORD_CLIENT_SECRET, baseUrl: config.DISCORD_BASE_URL }
      : null,
  });
  await app.register(meRoutes);
  await app.register(memberRoutes);
  await app.register(meAudioRoutes);
  await app.register(profileRoutes);
  await app.register(ecosystemFormRoutes);
  await app.register(adminPurchaseRoutes);
  await app.register(paymentRoutes, { publicUrl: config.publicUrl, productName: config.PRODUCT_NAME });
  await app.register(webhookRoutes);
  await app.register(sessionRoutes);
  await app.register(speakerAuthRoutes, { secureCookies: production });
  await app.register(archiveRoutes);
  await app.register(speakerProfileRoutes);
  await app.register(flyerRoutes, { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  if (!production && !config.STRIPE_SECRET_KEY) await app.register(testCheckoutRoutes);
  await app.register(formRoutes);
  await app.register(adminSubmissionRoutes);

  await app.register(webPlugin, { distDir: config.WEB_DIST });
  return app;
}
