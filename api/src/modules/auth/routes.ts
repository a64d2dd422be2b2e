import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { audit } from '@app/common/server/audit.repository';
import { endSignInSockets } from '@app/common/server/realtime';
import { revokeSession } from '@app/common/server/sessions/sessions.repository';
import { httpError } from '../../http-error';
import { sessionInfo, signIn, type SignInSettings } from './auth.service';
import { afterSignIn, registerDiscordRoutes } from './discord';
import { authApi } from '@app/common/api/auth';

export interface AuthRouteOptions {
  settings: SignInSettings;
  productName: string;
  production: boolean;
  publicUrl: string;
  discord: { clientId: string; clientSecret: string; baseUrl: string } | null;
}

/** Session, sign-out, and the two ways in: Discord, or (without Discord, never in production) dev sign-in. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const devSignIn = !opts.discord && !opts.production;

  app.get(
    authApi.session.path,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Who is signed in, and the CSRF token', response: { 200: authApi.session.response } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionInfo(req.session);
    },
  );

  app.get(
    authApi.providers.path,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Sign-in methods offered here', response: { 200: authApi.providers.response } } },
    async () => ({ discord: Boolean(opts.discord), dev: devSignIn, productName: opts.productName }),
  );

  app.post(
    authApi.signOut.path,
    { config: { access: 'member' }, schema: { tags: ['auth'], summary: 'Sign out (revokes the session)', response: { 200: authApi.signOut.response, 401: ZApiError } } },
    async (req, reply) => {
      const session = req.session!;
      await revokeSession(app.db, session.idHash);
      endSignInSockets(app.io, session.idHash);
      await audit(app.db, 'sign_out', { userId: session.userId, ip: req.ip, userAgent: req.headers['user-agent'] });
      reply.clearCookie(opts.settings.cookieName, { path: '/', secure: opts.settings.secureCookies, httpOnly: true, sameSite: 'lax' });
      return { ok: true as const };
    },
  );

  app.post(
    authApi.devSignIn.path,
    {
      config: { access: 'public', limit: 'sign_in' },
      schema: {
        tags: ['auth'],
        summary: 'Local sign-in without Discord (only when DISCORD_CLIENT_ID is unset; refused in production)',
        body: authApi.devSignIn.body,
        response: { 200: authApi.devSignIn.response, 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      if (!devSignIn) throw httpError(404, opts.production ? 'Dev sign-in is disabled in production' : 'Dev sign-in is disabled: sign in with Discord');
      const { username, email, returnTo } = req.body;
      const { created } = await signIn({ db: app.db, sockets: app.io }, req, reply, { discordId: `dev:${username.toLowerCase()}`, username, avatarUrl: null, email: email ?? null }, opts.settings);
      return { redirectTo: afterSignIn(returnTo, created), created };
    },
  );

  if (opts.discord) {
    await registerDiscordRoutes(app, { ...opts.discord, publicUrl: opts.publicUrl, settings: opts.settings });
  }
};
