import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZOutboxPage, ZOutboxQuery, ZSubscriberList } from '@app/common/schemas/mail';
import { listSubscribers } from '@app/common/server/mail/newsletter.repository';
import { listOutbox } from '@app/common/server/mail/outbox.repository';

/** Admins read every message the platform wrote (the only delivery without SMTP_URL) and the newsletter's subscribers. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail (the outbox), newest first, optionally to one address',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutbox(app.db, req.query);
    },
  );
  app.get(
    '/api/admin/newsletter/subscribers',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Newsletter subscribers and their status, newest first', response: { 200: ZSubscriberList, 401: ZApiError, 403: ZApiError } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubscribers(app.db);
    },
  );
};
