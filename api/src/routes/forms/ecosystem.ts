import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBusinessApplication, ZFeedback, ZFormSubmitted, type TFormSubmitted } from '@app/common/schemas/ecosystem-forms';
import { ZApiError } from '@app/common/schemas/errors';
import { storeFormSubmission } from '@app/common/server/forms.repository';

/**
 * The ecosystem page's two forms. The spec's app only logged them; here they are stored in
 * form_submissions (validated with the same schemas as the web form), for the admins' Submissions page.
 */
export const ecosystemFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = { 201: ZFormSubmitted, 400: ZApiError, 429: ZApiError, 503: ZApiError };

  app.post(
    '/api/forms/business-application',
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['forms'], summary: 'Apply to join the business ecosystem', body: ZBusinessApplication, response: responses },
    },
    async (req, reply): Promise<TFormSubmitted> => {
      const saved = await storeFormSubmission(app.db, {
        form: 'business_application',
        payload: req.body,
        email: req.body.contactEmail,
        userId: req.session?.userId ?? null,
        ip: req.ip,
      });
      reply.status(201);
      return saved;
    },
  );

  app.post(
    '/api/forms/feedback',
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['forms'], summary: 'Send feedback, a complaint or a suggestion', body: ZFeedback, response: responses },
    },
    async (req, reply): Promise<TFormSubmitted> => {
      const saved = await storeFormSubmission(app.db, {
        form: 'feedback',
        payload: req.body,
        email: req.body.email ?? null,
        userId: req.session?.userId ?? null,
        ip: req.ip,
      });
      reply.status(201);
      return saved;
    },
  );
};
