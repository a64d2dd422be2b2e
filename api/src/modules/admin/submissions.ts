import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZSubmissionQuery } from '@app/common/schemas/forms';
import { ADMIN_SUBMISSIONS_CSV_PATH, adminApi } from '@app/common/api/admin';
import { submissionsCsv } from '@app/common/server/csv-export';
import { listFormSubmissions } from '@app/common/server/forms.repository';

/** Admin 'Submissions': every stored form of any kind (the public site's and the ecosystem's), newest first, paginated. */
export const adminSubmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminApi.submissions.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Stored form submissions, newest first, optionally of one form',
        querystring: adminApi.submissions.query,
        response: { 200: adminApi.submissions.response, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listFormSubmissions(app.db, req.query);
    },
  );
  app.get(
    ADMIN_SUBMISSIONS_CSV_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Stored form submissions as CSV (streamed), newest first, optionally of one form; text a spreadsheet would run as a formula starts with a quote mark',
        produces: ['text/csv'],
        querystring: ZSubmissionQuery.pick({ form: true }),
      },
    },
    async (req, reply) => {
      const name = req.query.form ? `submissions-${req.query.form}.csv` : 'submissions.csv';
      return reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${name}"`).type('text/csv; charset=utf-8').send(submissionsCsv(app.db, req.query.form));
    },
  );
};
