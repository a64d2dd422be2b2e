import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { requestMail } from '@app/common/server/mail/enqueue';
import { confirmSubscription, requestSubscription, unsubscribe } from '@app/common/server/mail/newsletter.repository';
import { httpError } from '../../http-error';
import { newsletterApi } from '@app/common/api/newsletter';


/**
 * The footer's 'Subscribe for Insights' box, with double opt-in: subscribing only sends a confirmation
 * link (48 hours); the same answer whatever the address's state, so the form does not reveal who is
 * subscribed. Rate limited like the forms.
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    newsletterApi.subscribe.path,
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['newsletter'], summary: 'Ask for the newsletter: sends a confirmation link', body: newsletterApi.subscribe.body, response: { 202: newsletterApi.subscribe.response, 400: ZApiError, 429: ZApiError, 503: ZApiError } },
    },
    async (req, reply) => {
      const pending = await requestSubscription(app.db, req.body.email);
      if (pending) await requestMail(app.queues, req.log, { kind: 'newsletter-confirm', ...pending });
      return reply.status(202).send({ message: 'Check your inbox to confirm your subscription.' });
    },
  );
  app.post(
    newsletterApi.confirm.path,
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['newsletter'], summary: 'Confirm a subscription with the link from the mail', body: newsletterApi.confirm.body, response: { 200: newsletterApi.confirm.response, 400: ZApiError, 404: ZApiError, 429: ZApiError } },
    },
    async (req) => {
      const confirmed = await confirmSubscription(app.db, req.body.token);
      if (!confirmed) throw httpError(404, 'This confirmation link is invalid or has expired. Please subscribe again.');
      await requestMail(app.queues, req.log, { kind: 'newsletter-welcome', ...confirmed });
      return { message: 'Your subscription is confirmed.' };
    },
  );
  app.post(
    newsletterApi.unsubscribe.path,
    {
      config: { access: 'public', limit: 'form_submission' },
      schema: { tags: ['newsletter'], summary: 'Unsubscribe with the link from a newsletter mail', body: newsletterApi.unsubscribe.body, response: { 200: newsletterApi.unsubscribe.response, 400: ZApiError, 404: ZApiError, 429: ZApiError } },
    },
    async (req) => {
      if (!(await unsubscribe(app.db, req.body.token))) throw httpError(404, 'This unsubscribe link is not valid.');
      return { message: 'You are unsubscribed. You will receive no more newsletters.' };
    },
  );
};
