import type { Knex } from 'knex';
import type { TReconciliation } from '../../schemas/admin-payments';
import type { Queues } from '../queues';
import { requestLedgerRecords } from './ledger-record';
import { insertStripeEvent, isLedgerEventType } from './provider-events';

/** What the reconciliation needs of the provider: its events, newest first, paged (Stripe's events.list within its 30 days). */
export type ProviderEvents = AsyncIterable<{ id: string; type: string }>;

/**
 * Lists the provider's events newer than the newest one the last run saw and puts each our inbox lacks
 * through the webhook's path (inbox row, then ledger.record with jobId = event id), so a payment whose
 * webhooks were all lost is still recorded exactly once. A second run lists nothing new.
 */
export async function reconcileProviderEvents(db: Knex, queues: Queues, list: (since: Date) => ProviderEvents): Promise<TReconciliation> {
  const last = (await db('provider_reconciliations').whereNotNull('finished_at').whereNull('error').orderBy('id', 'desc').first('last_event_id')) as { last_event_id: string | null } | undefined;
  const [run] = (await db('provider_reconciliations').insert({}).returning(['id'])) as Array<{ id: string }>;
  const stopAt = last?.last_event_id ?? null;
  let newest: string | null = null;
  let listed = 0;
  let missing = 0;
  try {
    for await (const event of list(new Date(Date.now() - 30 * 86_400_000))) {
      if (event.id === stopAt) break;
      newest ??= event.id;
      listed += 1;
      if (!isLedgerEventType(event.type)) continue;
      if (await insertStripeEvent(db, event)) {
        missing += 1;
        await requestLedgerRecords(queues, [event.id]);
      }
    }
  } catch (err) {
    await db('provider_reconciliations').where({ id: run!.id }).update({ finished_at: db.fn.now(), listed, missing, error: (err as Error).message });
    throw err;
  }
  const [done] = (await db('provider_reconciliations')
    .where({ id: run!.id })
    .update({ finished_at: db.fn.now(), last_event_id: newest ?? stopAt, listed, missing })
    .returning(['started_at', 'finished_at', 'listed', 'missing', 'error'])) as Array<{ started_at: Date; finished_at: Date; listed: number; missing: number; error: string | null }>;
  return toReconciliation(done!);
}

function toReconciliation(r: { started_at: Date; finished_at: Date | null; listed: number; missing: number; error: string | null }): TReconciliation {
  return { started_at: r.started_at.toISOString(), finished_at: r.finished_at?.toISOString() ?? null, listed: r.listed, missing: r.missing, error: r.error };
}

/** The latest reconciliation run (null before the first). */
export async function lastReconciliation(db: Knex): Promise<TReconciliation | null> {
  const r = (await db('provider_reconciliations').orderBy('id', 'desc').first()) as Parameters<typeof toReconciliation>[0] | undefined;
  return r ? toReconciliation(r) : null;
}
