import type { FastifyPluginAsync } from 'fastify';
import { WebhookInbox } from './webhook-inbox';
import { webhookSchema } from './schema';

/**
 * POST /api/stripe/webhook: verify the signature on the raw body, put the event in the stripe_events
 * inbox (a redelivery is ON CONFLICT DO NOTHING), enqueue ledger.record with jobId = event id, answer
 * 200. With Redis down the inbox row is still written and the answer is still 200: the reconciler
 * enqueues it later. Nothing is written for a bad signature or a timestamp more than 300 s off either way.
 * Events arriving together share their INSERT and their enqueue (WebhookInbox).
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const inbox = new WebhookInbox(app.db, app.queues);
  // Raw body for this route only (this plugin is encapsulated): the signature covers the exact bytes.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post('/api/stripe/webhook', { config: { access: 'public' }, schema: webhookSchema }, async (req, reply) => {
    const provider = app.payments;
    if (!provider) return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Payments are not configured' });
    const raw = req.body;
    if (!Buffer.isBuffer(raw)) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'Expected a JSON body' });
    let event;
    try {
      event = provider.verifyWebhook(raw, req.headers['stripe-signature'] as string | undefined);
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'webhook signature refused');
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: `Webhook signature verification failed: ${(err as Error).message}` });
    }
    const { inserted, enqueueError } = await inbox.accept(event);
    if (enqueueError) req.log.warn({ eventId: event.id, err: enqueueError.message }, 'could not enqueue the event now; the reconciler will');
    return reply.status(200).send({ received: true, duplicate: !inserted });
  });
};
