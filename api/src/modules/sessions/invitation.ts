import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isValidEmail } from '@app/common/domain/contact';
import { ZApiError } from '@app/common/schemas/errors';
import { enqueueMail } from '@app/common/server/mail/enqueue';
import { checkSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { httpError } from '../../http-error';
import { sessionsApi } from '@app/common/api/sessions';

/**
 * The manage tab's 'Send invitation': the admin passes the token just issued (still shown to them once) and it
 * is mailed to the session's chosen speaker, at the address of their account, never one typed here.
 */
export const speakerInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    sessionsApi.sendInvitation.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['speaker-sessions'],
        summary: "Mail the session's current speaker token, studio link and time to its speaker",
        params: sessionsApi.sendInvitation.params,
        body: sessionsApi.sendInvitation.body,
        response: { 202: sessionsApi.sendInvitation.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 503: ZApiError },
      },
    },
    async (req, reply) => {
      const check = await checkSpeakerToken(app.db, req.body.token);
      if (!check.ok || check.session.id !== req.params.id) throw httpError(409, "This is not the session's current speaker token: generate a new one and send that");
      const speaker = check.speaker ? ((await app.db('users').where({ id: check.speaker.id }).first('email')) as { email: string | null } | undefined) : undefined;
      if (!speaker?.email || !isValidEmail(speaker.email)) throw httpError(409, 'The speaker has no valid e-mail address on their account: give them the token another way');
      // Queued without swallowing errors: the admin must know when the invitation did not go.
      await enqueueMail(app.queues, { kind: 'speaker-invitation', sessionId: req.params.id, token: req.body.token });
      return reply.status(202).send({ message: `Invitation sent to ${check.speaker?.discord_username ?? 'the speaker'}` });
    },
  );
};
