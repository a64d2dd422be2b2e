import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZSubmissionPage, ZSubmissionQuery } from '@app/common/schemas/forms';
import { listFormSubmissions } from '@app/common/server/forms.repository';

/** Admin 'Submissions': every stored form of any kind (the public site's and the ecosystem's), newest first, paginated. */
export const adminSubmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/submissions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Stored form submissions, newest first, optionally of one form',
        querystring: ZSubmissionQuery,
        response: { 200: ZSubmissionPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listFormSubmissions(app.db, req.query);
    },
  );
};
