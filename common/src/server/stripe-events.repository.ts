import type { Knex } from 'knex';
import type { CheckoutSessionLike } from './payments.repository';

/** One row of the stripe_events inbox: a verified provider event, kept until the worker applied it. */
interface StripeEventRow {
  id: string;
  type: string;
  payload: { data?: { object?: CheckoutSessionLike | Record<string, unknown> } };
  processed_at: Date | null;
}

/** Puts a verified event in the inbox; false when it was already there (a redelivery). */
export async function insertStripeEvent(db: Knex, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await db('stripe_events').insert({ id: event.id, type: event.type, payload: JSON.stringify(event) }).onConflict('id').ignore().returning('id');
  return inserted.length > 0;
}

/**
 * Puts several verified events in the inbox in one statement; returns the ids this call inserted (an id already
 * there, or twice in `events`, is inserted once at most).
 */
export async function insertStripeEvents(db: Knex, events: Array<{ id: string; type: string }>): Promise<Set<string>> {
  const rows = events.map((e) => ({ id: e.id, type: e.type, payload: JSON.stringify(e) }));
  const inserted = (await db('stripe_events').insert(rows).onConflict('id').ignore().returning('id')) as Array<{ id: string }>;
  return new Set(inserted.map((r) => r.id));
}

/** Locks one inbox event for the rest of `trx` (undefined when it is not in the inbox). */
export async function lockStripeEvent(trx: Knex.Transaction, id: string): Promise<StripeEventRow | undefined> {
  return (await trx('stripe_events').where({ id }).forUpdate().first()) as StripeEventRow | undefined;
}

/** Marks an event done; `error` records why it was closed without applying (the reconciler then leaves it alone). */
export async function markStripeEventProcessed(db: Knex, id: string, error: string | null = null): Promise<void> {
  await db('stripe_events').where({ id }).update({ processed_at: db.fn.now(), attempts: db.raw('attempts + 1'), last_error: error });
}

/** Ids of events still unprocessed `olderThanSeconds` after they arrived, oldest first. */
export async function staleStripeEventIds(db: Knex, olderThanSeconds: number, limit = 1000): Promise<string[]> {
  const rows = (await db('stripe_events')
    .whereNull('processed_at')
    .where('received_at', '<=', db.raw(`now() - make_interval(secs => ?)`, [olderThanSeconds]))
    .orderBy('received_at')
    .limit(limit)
    .select('id')) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}
