import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { programApi } from '@app/common/api/program';
import { ZApiError } from '@app/common/schemas/errors';
import { loadProgramSeed } from '@app/common/server/program/cohorts.repository';
import { requestEnrolmentNotice } from '@app/common/server/program/notify.repository';

/** The program's facts as data: the cohort every program page presents, and "notify me when enrolment opens". */
export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    programApi.current.path,
    {
      config: { access: 'public' },
      schema: { tags: ['program'], summary: 'The cohort the pages present (next, not yet started; null when none is announced) and the one running', response: { 200: programApi.current.response } },
    },
    async (_req, reply) => {
      // Seats change with every Enroll: a page asks again rather than keep an old count.
      reply.header('cache-control', 'no-store');
      return loadProgramSeed(app.db, app.clock());
    },
  );

  app.post(
    programApi.notify.path,
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['program'], summary: 'Notify me when enrolment opens: stores the address; one mail when an admin opens the next cohort', body: programApi.notify.body, response: { 202: programApi.notify.response, 400: ZApiError, 429: ZApiError } },
    },
    async (req, reply) => {
      await requestEnrolmentNotice(app.db, req.body.email);
      return reply.status(202).send({ message: 'Thank you. We will e-mail you when enrolment opens.' });
    },
  );
};
