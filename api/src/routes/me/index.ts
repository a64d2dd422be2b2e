import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAgeDays, DEFAULT_PRIVACY } from '@app/common/domain/privacy';
import { ZApiError } from '@app/common/schemas/errors';
import { ZPrivacySettings, ZSecurityMetrics } from '@app/common/schemas/security';
import { audit } from '@app/common/server/audit.repository';
import { toCount } from '@app/common/server/db';

const COLUMNS = ['profile_visibility', 'email_visibility', 'directory_listing'] as const;

/** The signed-in member's own privacy settings and security figures (always their own: the id comes from the session). */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/privacy',
    { config: { access: 'member' }, schema: { tags: ['me'], summary: 'My privacy settings (defaults when never saved)', response: { 200: ZPrivacySettings, 401: ZApiError } } },
    async (req) => {
      const row = (await app.db('user_privacy_settings').where({ user_id: req.session!.userId }).first(COLUMNS)) as typeof DEFAULT_PRIVACY | undefined;
      return row ?? DEFAULT_PRIVACY;
    },
  );

  app.put(
    '/api/me/privacy',
    {
      config: { access: 'member' },
      schema: { tags: ['me'], summary: 'Save my privacy settings (upsert)', body: ZPrivacySettings, response: { 200: ZPrivacySettings, 400: ZApiError, 401: ZApiError } },
    },
    async (req) => {
      const userId = req.session!.userId;
      const saved = await app.db.transaction(async (trx) => {
        const before = (await trx('user_privacy_settings').where({ user_id: userId }).first(COLUMNS)) as typeof DEFAULT_PRIVACY | undefined;
        const [row] = (await trx('user_privacy_settings')
          .insert({ user_id: userId, ...req.body })
          .onConflict('user_id')
          .merge({ ...req.body, updated_at: trx.fn.now() })
          .returning(COLUMNS)) as Array<typeof DEFAULT_PRIVACY>;
        await audit(trx, 'privacy_change', { userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { before: before ?? DEFAULT_PRIVACY, after: req.body });
        return row!;
      });
      return saved;
    },
  );

  app.get(
    '/api/me/security',
    { config: { access: 'member' }, schema: { tags: ['me'], summary: 'Account age, security events in the last 30 days, last sign-in', response: { 200: ZSecurityMetrics, 401: ZApiError } } },
    async (req) => {
      const s = req.session!;
      const events = (await app.db('security_audit_logs')
        .where({ user_id: s.userId })
        .where('created_at', '>', app.db.raw(`now() - interval '30 days'`))
        .count({ n: '*' })
        .first()) as { n: string };
      return {
        accountCreatedAt: s.createdAt.toISOString(),
        accountAgeDays: accountAgeDays(s.createdAt),
        securityEvents30d: toCount(events.n),
        lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
      };
    },
  );
};
