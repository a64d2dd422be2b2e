import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from './config';
import { accessPlugin, sessionCookieName } from './plugins/access';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { adminPurchaseRoutes } from './routes/admin/purchases';
import { adminSubmissionRoutes } from './routes/admin/submissions';
import { authRoutes } from './routes/auth/index';
import { formRoutes } from './routes/forms/index';
import { healthRoutes } from './routes/health';
import { ledgerRoutes } from './routes/ledger/index';
import { meRoutes } from './routes/me/index';

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
  await app.register(securityPlugin, { production });
  await app.register(docsPlugin, { productName: config.PRODUCT_NAME, publicUrl: config.publicUrl });
  await app.register(accessPlugin, { lifetime, secureCookies: production, publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { prefix: config.REDIS_PREFIX });

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
  await app.register(adminPurchaseRoutes);
  await app.register(formRoutes);
  await app.register(adminSubmissionRoutes);

  await app.register(webPlugin, { distDir: config.WEB_DIST });
  return app;
}
