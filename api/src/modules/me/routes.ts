import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAgeDays } from '@app/common/domain/privacy';
import { countRecentSecurityEvents, getPrivacy, savePrivacy } from '@app/common/server/privacy.repository';
import { getPrivacySchema, getSecuritySchema, putPrivacySchema } from './schema';

/** The signed-in member's own privacy settings and security figures (always their own: the id comes from the session). */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/privacy', { config: { access: 'member' }, schema: getPrivacySchema }, async (req) => getPrivacy(app.db, req.session!.userId));

  app.put('/api/me/privacy', { config: { access: 'member' }, schema: putPrivacySchema }, async (req) =>
    savePrivacy(app.db, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, req.body),
  );

  app.get('/api/me/security', { config: { access: 'member' }, schema: getSecuritySchema }, async (req) => {
    const s = req.session!;
    return {
      accountCreatedAt: s.createdAt.toISOString(),
      accountAgeDays: accountAgeDays(s.createdAt),
      securityEvents30d: await countRecentSecurityEvents(app.db, s.userId),
      lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
    };
  });
};
