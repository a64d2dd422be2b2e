import { z } from 'zod';
import { zStorable } from '../domain/text';

/** The signed-in member as the web app sees it (GET /api/auth/session). */
const ZSessionUser = z.object({
  id: z.string().uuid(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/auth/session: who is signed in (null when nobody) and the CSRF token for state-changing calls. */
export const ZSessionInfo = z.object({
  user: ZSessionUser.nullable(),
  csrfToken: z.string().nullable(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** GET /api/auth/providers: which sign-in methods this deployment offers. */
export const ZAuthProviders = z.object({
  discord: z.boolean(),
  dev: z.boolean(),
  productName: z.string(),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** POST /api/auth/dev-sign-in: the local stand-in for Discord (refused in production). */
export const ZDevSignIn = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(2, 'Username must be at least 2 characters')
    .max(32, 'Username must be at most 32 characters')
    .regex(/^[a-z0-9_.]+$/i, 'Username may contain only letters, digits, dots and underscores'),
  email: z.email('Please enter a valid email address').max(254, 'Please enter a valid email address').optional(),
  /** The page that asked for sign-in; followed only when safeReturnPath accepts it (else /community). */
  returnTo: zStorable().max(2048).optional(),
});
export type TDevSignIn = z.infer<typeof ZDevSignIn>;

/** POST /api/auth/dev-sign-in answer: where to go next. */
export const ZSignInResult = z.object({ redirectTo: z.string(), created: z.boolean() });

/** Sign-in errors carried to /auth?error=… and the spec's message for each. */
export const SIGN_IN_ERRORS = {
  signin_failed: 'Failed to sign in with Discord',
  profile_failed: 'Failed to create user profile',
  unexpected: 'An unexpected error occurred',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;
