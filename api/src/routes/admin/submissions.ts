import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZSubmissionPage, ZSubmissionQuery, type FormKind } from '@app/common/schemas/forms';
import { toCount } from '@app/common/server/db';

interface SubmissionRow {
  id: string;
  form: FormKind;
  payload: Record<string, unknown>;
  email: string | null;
  user_id: string | null;
  username: string | null;
  ip_address: string | null;
  created_at: Date;
}

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
      const { form, page, pageSize } = req.query;
      const base = app.db('form_submissions as s').modify((q) => {
        if (form) q.where('s.form', form);
      });
      const [rows, count] = await Promise.all([
        base
          .clone()
          .leftJoin('users as u', 'u.id', 's.user_id')
          .select('s.id', 's.form', 's.payload', 's.email', 's.user_id', 'u.discord_username as username', 's.ip_address', 's.created_at')
          .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id', order: 'desc' }])
          .limit(pageSize)
          .offset((page - 1) * pageSize) as Promise<SubmissionRow[]>,
        base.clone().count({ n: '*' }).first() as Promise<{ n: string }>,
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          form: r.form,
          payload: r.payload,
          email: r.email,
          userId: r.user_id,
          username: r.username,
          ipAddress: r.ip_address,
          createdAt: r.created_at.toISOString(),
        })),
        total: toCount(count.n),
        page,
        pageSize,
      };
    },
  );
};
