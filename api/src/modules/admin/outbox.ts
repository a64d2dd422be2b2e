import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ADMIN_SUBSCRIBERS_CSV_PATH, adminApi } from '@app/common/api/admin';
import { subscribersCsv } from '@app/common/server/csv-export';
import { listSubscribers } from '@app/common/server/mail/newsletter.repository';
import { listOutbox } from '@app/common/server/mail/outbox.repository';

/** Admins read every message the platform wrote (the only delivery without SMTP_URL) and the newsletter's subscribers. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminApi.outbox.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail (the outbox), newest first, optionally to one address',
        querystring: adminApi.outbox.query,
        response: { 200: adminApi.outbox.response, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutbox(app.db, req.query);
    },
  );
  app.get(
    adminApi.subscribers.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Newsletter subscribers and their status, newest first', response: { 200: adminApi.subscribers.response, 401: ZApiError, 403: ZApiError } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubscribers(app.db);
    },
  );
  app.get(
    ADMIN_SUBSCRIBERS_CSV_PATH,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Every newsletter subscriber as CSV (streamed), newest first; an address a spreadsheet would run as a formula starts with a quote mark', produces: ['text/csv'] },
    },
    async (_req, reply) => {
      return reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"').type('text/csv; charset=utf-8').send(subscribersCsv(app.db));
    },
  );
};
