import type { Knex } from 'knex';
import { Coalescer } from '@app/common/server/coalesce';
import { enqueueManyOrLeaveToReconciler, type Queues } from '@app/common/server/queues';
import { insertStripeEvent, insertStripeEvents } from '@app/common/server/payments/provider-events';

interface VerifiedEvent {
  id: string;
  type: string;
}

type Written = { inserted: boolean } | { error: unknown };

/**
 * The webhook's two writes for each verified event: its inbox row (the durable part; the answer waits for its commit),
 * then `ledger.record` with jobId = event id. Events verified in the same turn of the event loop (a burst of payments)
 * share one INSERT and one BullMQ addBulk instead of a round trip each (a burst spends its time on round trips: docs/decisions/0003-burst-throughput.md); a lone event is written as before.
 * When a shared INSERT fails, its events are written one by one, so an event Postgres refuses fails alone.
 */
export class WebhookInbox {
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
    });
    this.enqueues = new Coalescer(async (ids) => {
      const failed = await enqueueManyOrLeaveToReconciler(queues, 'ledger.record', ids.map((eventId) => ({ payload: { eventId }, opts: { jobId: eventId } })));
      return ids.map(() => failed);
    });
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
