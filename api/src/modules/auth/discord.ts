import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import type { ProviderProfile } from '@app/common/server/users.repository';
import type { SignInErrorCode } from '@app/common/schemas/auth';
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

/**
 * Sign-in with Discord: state + PKCE (S256) through @fastify/oauth2, scopes identify and email.
 * The callback creates or refreshes the member, starts a session and sends them to /community
 * (with ?welcome=1 the first time); any failure sends them to /auth?error=<code>.
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
    cookie: { secure: opts.settings.secureCookies, sameSite: 'lax', httpOnly: true, path: '/api/auth/discord' },
  });

  app.get(
    '/api/auth/discord',
    { config: { access: 'public', limit: 'sign_in' }, schema: { tags: ['auth'], summary: 'Start Discord sign-in (redirects to Discord)' } },
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
        return reply.redirect(created ? '/community?welcome=1' : '/community');
      } catch (err) {
        if (err instanceof ProfileError) return fail('profile_failed');
        req.log.error({ err }, 'sign-in failed');
        return fail('unexpected');
      }
    },
  );
}
