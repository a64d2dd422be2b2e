import { randomBytes } from 'node:crypto';
import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeReturnPath } from '@app/common/domain/return-path';
import type { ProviderProfile } from '@app/common/server/users.repository';
import type { SignInErrorCode } from '@app/common/schemas/auth';
import { DISCORD_SIGN_IN_PATH } from '@app/common/api/auth';
import { ProfileError, signIn, type SignInSettings } from './auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    discordOAuth2?: OAuth2Namespace;
  }
}

interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
  email?: string | null;
  verified?: boolean;
}

/** Discord's avatar URL for a user (null when they have none). */
function avatarUrl(u: DiscordUser): string | null {
  return u.avatar ? `https://cdn.discordapp.com/avatars/${u.id}/${u.avatar}.png?size=256` : null;
}

/** Where a member goes once signed in: the page that asked (a safe same-origin path), else /community (welcomed the first time). */
export function afterSignIn(returnTo: unknown, created: boolean): string {
  return safeReturnPath(returnTo) ?? (created ? '/community?welcome=1' : '/community');
}

/** The cookie @fastify/oauth2 writes with the state it sent to the provider. */
const STATE_COOKIE = 'oauth2-redirect-state';

/**
 * The OAuth state: a random nonce, then the page to return to (base64url). The provider hands it back unchanged and
 * the callback accepts it only when it equals the state cookie, so the return path cannot be swapped on the way.
 */
function stateWithReturnPath(req: FastifyRequest): string {
  const back = safeReturnPath((req.query as { returnTo?: unknown }).returnTo) ?? '';
  return `${randomBytes(16).toString('base64url')}.${Buffer.from(back).toString('base64url')}`;
}

function stateMatchesCookie(req: FastifyRequest): boolean {
  const state = (req.query as { state?: unknown }).state;
  const cookie = req.cookies[STATE_COOKIE];
  return typeof state === 'string' && state.length > 0 && state === cookie;
}

/** The return path carried in a (checked) state. */
function returnPathOf(state: unknown): string | null {
  if (typeof state !== 'string') return null;
  const encoded = state.split('.')[1] ?? '';
  return safeReturnPath(Buffer.from(encoded, 'base64url').toString('utf8'));
}

/**
 * Sign-in with Discord: state + PKCE (S256) through @fastify/oauth2, scopes identify and email.
 * `?returnTo=<path>` rides in the state; the callback creates or refreshes the member, starts a session and sends them
 * back there (else to /community, with ?welcome=1 the first time); any failure sends them to /auth?error=<code>.
 */
export async function registerDiscordRoutes(
  app: FastifyInstance,
  opts: { clientId: string; clientSecret: string; baseUrl: string; publicUrl: string; settings: SignInSettings },
): Promise<void> {
  const base = opts.baseUrl.replace(/\/$/, '');
  await app.register(oauth2, {
    name: 'discordOAuth2',
    scope: ['identify', 'email'],
    credentials: {
      client: { id: opts.clientId, secret: opts.clientSecret },
      auth: { authorizeHost: base, authorizePath: '/api/oauth2/authorize', tokenHost: base, tokenPath: '/api/oauth2/token' },
    },
    callbackUri: `${opts.publicUrl}/api/auth/discord/callback`,
    pkce: 'S256',
    redirectStateCookieName: STATE_COOKIE,
    generateStateFunction: stateWithReturnPath,
    checkStateFunction: stateMatchesCookie,
    cookie: { secure: opts.settings.secureCookies, sameSite: 'lax', httpOnly: true, path: '/api/auth/discord' },
  });

  app.get(
    DISCORD_SIGN_IN_PATH,
    { config: { access: 'public', limit: 'sign_in' }, schema: { tags: ['auth'], summary: 'Start Discord sign-in (redirects to Discord; comes back to ?returnTo=<path>)' } },
    async (req, reply) => {
      const uri = await app.discordOAuth2!.generateAuthorizationUri(req, reply);
      return reply.redirect(uri);
    },
  );

  app.get(
    '/api/auth/discord/callback',
    { config: { access: 'public', limit: 'sign_in' }, schema: { tags: ['auth'], summary: 'Discord redirects here after consent' } },
    async (req, reply) => {
      const fail = (code: SignInErrorCode) => reply.redirect(`/auth?error=${code}`);
      let profile: ProviderProfile;
      try {
        const { token } = await app.discordOAuth2!.getAccessTokenFromAuthorizationCodeFlow(req, reply);
        const res = await fetch(`${base}/api/users/@me`, {
          headers: { authorization: `Bearer ${token.access_token}` },
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`Discord /users/@me answered ${res.status}`);
        const u = (await res.json()) as DiscordUser;
        if (!u.id || !u.username) throw new Error('Discord returned no user id or username');
        profile = { discordId: u.id, username: u.username, avatarUrl: avatarUrl(u), email: u.verified === false ? null : (u.email ?? null) };
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'Discord sign-in failed');
        return fail('signin_failed');
      }
      try {
        const { created } = await signIn({ db: app.db, sockets: app.io }, req, reply, profile, opts.settings);
        return reply.redirect(afterSignIn(returnPathOf((req.query as { state?: unknown }).state), created));
      } catch (err) {
        if (err instanceof ProfileError) return fail('profile_failed');
        req.log.error({ err }, 'sign-in failed');
        return fail('unexpected');
      }
    },
  );
}
