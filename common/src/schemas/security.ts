import { z } from 'zod';

/** The three privacy switches (GET and PUT /api/me/privacy). */
export const ZPrivacySettings = z.object({
  profile_visibility: z.boolean({ error: 'profile_visibility must be true or false' }),
  email_visibility: z.boolean({ error: 'email_visibility must be true or false' }),
  directory_listing: z.boolean({ error: 'directory_listing must be true or false' }),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

/** GET /api/me/security: the figures of the security dashboard. */
export const ZSecurityMetrics = z.object({
  accountCreatedAt: z.string(),
  accountAgeDays: z.number().int().nonnegative(),
  securityEvents30d: z.number().int().nonnegative(),
  lastSignInAt: z.string().nullable(),
});
export type TSecurityMetrics = z.infer<typeof ZSecurityMetrics>;
