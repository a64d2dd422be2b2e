import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import { Coalescer } from '@app/common/server/coalesce';
import type { Queues } from '@app/common/server/queues';
import { requestLedgerRecords } from '@app/common/server/payments/ledger-record';
import { insertStripeEvent, insertStripeEvents } from '@app/common/server/payments/provider-events';

interface VerifiedEvent {
  id: string;
  type: string;
}

type Written = { inserted: boolean } | { error: unknown };

/** The events that arrive while a write is in flight wait for it and share the next one. */
const ONE_AT_A_TIME = { maxInFlight: 1 };

/**
 * The webhook's two writes for each verified event: its inbox row (the durable part; the answer waits for its commit),
 * then `ledger.record` with jobId = event id. Events verified in the same turn of the event loop, or while the previous
 * write is in flight (a burst of payments), share one INSERT and one BullMQ addBulk instead of a round trip each (a
 * burst spends its time on round trips: docs/decisions/0003-burst-throughput.md); a lone event is written at once.
 * When a shared INSERT fails, its events are written one by one, so an event Postgres refuses fails alone.
 */
class WebhookInbox {
  private readonly inserts: Coalescer<VerifiedEvent, Written>;
  private readonly enqueues: Coalescer<string, Error | null>;

  constructor(db: Knex, queues: Queues) {
    this.inserts = new Coalescer(async (events) => {
      let inserted: Set<string>;
      try {
        inserted = await insertStripeEvents(db, events);
      } catch (error) {
        if (events.length === 1) return [{ error }];
        return Promise.all(events.map(async (e): Promise<Written> => insertStripeEvent(db, e).then((ok) => ({ inserted: ok }), (err: unknown) => ({ error: err }))));
      }
      // An id twice in one batch (a redelivery racing the original) was inserted once: the first of them says so.
      return events.map((e) => ({ inserted: inserted.delete(e.id) }));
    }, ONE_AT_A_TIME);
    this.enqueues = new Coalescer(async (ids) => {
      const failed = await requestLedgerRecords(queues, ids);
      return ids.map(() => failed);
    }, ONE_AT_A_TIME);
  }

  /**
   * Writes the event to the inbox (throws when Postgres refuses it) and asks for its ledger.record job; `enqueueError`
   * is set when Redis did not take the job in time, which the reconciler makes good.
   */
  async accept(event: VerifiedEvent): Promise<{ inserted: boolean; enqueueError: Error | null }> {
    const written = await this.inserts.run(event); // the whole event: its JSON is the inbox payload
    if ('error' in written) throw written.error;
    const enqueueError = await this.enqueues.run(event.id);
    return { inserted: written.inserted, enqueueError };
  }
}

/** POST /api/stripe/webhook (raw JSON body: not validated by a schema, the signature covers it) */
const webhookSchema = { tags: ['payments'], summary: 'Stripe webhook (signed; raw JSON body; timestamps within ±300 s)', hide: false };

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
