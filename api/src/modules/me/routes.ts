import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meApi } from '@app/common/api/me';
import { accountAgeDays } from '@app/common/domain/privacy';
import { countRecentSecurityEvents, getPrivacy, savePrivacy } from '@app/common/server/privacy.repository';
import { listInvestments } from '@app/common/server/payments/payments.repository';
import { findSpeakerProfile, saveSpeakerProfile } from '@app/common/server/sessions/speakers.repository';
import { toInvestment } from '../payments/routes';
import { toSpeakerCard } from '../sessions/speaker-profiles';
import { getPrivacySchema, getSecuritySchema, listMyInvestmentsSchema, mySpeakerProfileSchema, putPrivacySchema, saveSpeakerProfileSchema } from './schema';

/** The signed-in member's own privacy settings, security figures, investments and speaker profile (always their own: the id comes from the session). */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(meApi.privacy.path, { config: { access: 'member' }, schema: getPrivacySchema }, async (req) => getPrivacy(app.db, req.session!.userId));

  app.put(meApi.savePrivacy.path, { config: { access: 'member' }, schema: putPrivacySchema }, async (req) =>
    savePrivacy(app.db, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, req.body),
  );

  app.get(meApi.security.path, { config: { access: 'member' }, schema: getSecuritySchema }, async (req) => {
    const s = req.session!;
    return {
      accountCreatedAt: s.createdAt.toISOString(),
      accountAgeDays: accountAgeDays(s.createdAt),
      securityEvents30d: await countRecentSecurityEvents(app.db, s.userId),
      lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
    };
  });

  app.get(meApi.investments.path, { config: { access: 'member' }, schema: listMyInvestmentsSchema }, async (req) => ({
    investments: (await listInvestments(app.db, req.session!.userId)).map(toInvestment),
  }));

  app.get(meApi.speakerProfile.path, { config: { access: 'member' }, schema: mySpeakerProfileSchema }, async (req) =>
    toSpeakerCard((await findSpeakerProfile(app.db, req.session!.userId))!, req.session!),
  );

  app.put(meApi.saveSpeakerProfile.path, { config: { access: 'member' }, schema: saveSpeakerProfileSchema }, async (req) =>
    toSpeakerCard(await saveSpeakerProfile(app.db, req.session!.userId, req.body), req.session!),
  );
};
