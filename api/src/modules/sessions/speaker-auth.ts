import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionsApi } from '@app/common/api/sessions';
import { checkSpeakerToken, createStudioCredential, toApiSession } from '@app/common/server/sessions/speaker-sessions.repository';
import { studioCookieName } from '../../plugins/access';
import { limitPerGuess } from '../../plugins/rate-limit';
import { authenticateSpeakerSchema } from './schema';


/**
 * authenticate-speaker: a valid session token answers the session and speaker and sets a short-lived
 * studio credential scoped to that session. Every refusal reads 'Authentication failed' (no hint
 * whether the token exists, expired or was revoked).
 */
export const speakerAuthRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  app.post(
    sessionsApi.authenticateSpeaker.path,
    {
      // Per IP (studio_token, apart from sign-ins) and per token value tried (authentication, from anywhere).
      config: { access: 'public', limit: 'studio_token' },
      preHandler: limitPerGuess(app, 'authentication', (req) => (req.body as { token: string }).token),
      schema: authenticateSpeakerSchema,
    },
    async (req, reply) => {
      const result = await checkSpeakerToken(app.db, req.body.token);
      if (!result.ok) {
        req.log.info({ reason: result.reason }, 'speaker token refused');
        return { valid: false, message: 'Authentication failed', session: null, speaker: null };
      }
      const credential = await createStudioCredential(app.db, result.session.id, result.tokenId);
      reply.setCookie(studioCookieName(opts.secureCookies), credential.value, { path: '/', httpOnly: true, sameSite: 'strict', secure: opts.secureCookies, expires: credential.expiresAt });
      return { valid: true, message: 'Authentication successful', session: toApiSession(result.session), speaker: result.speaker };
    },
  );
};
