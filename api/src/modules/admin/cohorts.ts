import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { programApi } from '@app/common/api/program';
import { ZApiError } from '@app/common/schemas/errors';
import type { TCohortAdmin } from '@app/common/schemas/program';
import { audit } from '@app/common/server/audit.repository';
import { CohortConflictError, insertCohort, listAdminCohorts, toPublicCohort, updateCohort, type CohortRow } from '@app/common/server/program/cohorts.repository';
import { notifyEnrolmentOpen } from '@app/common/server/program/notify.repository';
import { httpError } from '../../http-error';

/** Admins create and change cohorts (audited); saving one whose enrolment is open mails the "notify me" requests. */
export const adminCohortRoutes: FastifyPluginAsyncZod = async (app) => {
  const asAdmin = async (row: CohortRow): Promise<TCohortAdmin> => {
    const { notifyPending } = await listAdminCohorts(app.db, app.clock());
    return { ...toPublicCohort(row, app.clock()), seatsTaken: row.seats_taken, seatsHeld: row.seats_held, notifyPending };
  };
  const conflict = (err: unknown): never => {
    if (err instanceof CohortConflictError) throw httpError(409, err.message);
    throw err;
  };

  app.get(
    programApi.cohorts.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Every cohort with its seats taken, held and free, and the pending "notify me" requests', response: { 200: programApi.cohorts.response, 401: ZApiError, 403: ZApiError } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminCohorts(app.db, app.clock());
    },
  );

  app.post(
    programApi.createCohort.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Create a cohort (audited as admin_cohort_created)', body: programApi.createCohort.body, response: { 201: programApi.createCohort.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError } },
    },
    async (req, reply) => {
      const row = await insertCohort(app.db, req.body).catch(conflict);
      await audit(app.db, 'admin_cohort_created', { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { cohort_id: row.id, ...req.body });
      await notifyEnrolmentOpen(app.db, app.queues, req.log, app.clock());
      return reply.status(201).send(await asAdmin(row));
    },
  );

  app.put(
    programApi.updateCohort.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Change a cohort (audited as admin_cohort_updated, with what changed)', params: programApi.updateCohort.params, body: programApi.updateCohort.body, response: { 200: programApi.updateCohort.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError } },
    },
    async (req) => {
      const changed = await updateCohort(app.db, req.params.id, req.body).catch(conflict);
      if (!changed) throw httpError(404, 'No such cohort');
      const before = toPublicCohort(changed.before, app.clock());
      await audit(app.db, 'admin_cohort_updated', { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { cohort_id: req.params.id, before, after: req.body });
      await notifyEnrolmentOpen(app.db, app.queues, req.log, app.clock());
      return asAdmin(changed.after);
    },
  );
};
