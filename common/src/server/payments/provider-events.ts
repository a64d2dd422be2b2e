import type { Knex } from 'knex';
import { chargeLeavesAsIs } from '../../domain/payments';
import { applyCheckoutEvent, mismatchOf, outcomeOf, paymentOf, resultOf, type ApplyResult, type CheckoutSessionLike, type PaymentRow } from './checkout';
import { LOCK_ORDER, lockPaymentRows, PAYMENT_TABLES, recordPaid } from './payments.repository';
import { applyChargeEvent, CHARGE_EVENT_TYPES, idOf, mergeFacts, type ChargeFacts, type ChargeLike, type DisputeLike } from './refunds';
import { appendToLog } from '../ledger/tlog.repository';
import { pgQuery } from '../db';
import { applyMonthlyEvent, isMonthlySession, MONTHLY_EVENT_TYPES, type MonthlyObject } from './monthly';

// The stored provider events: the stripe_events inbox (a verified event is kept until the worker applied it), and
// the one function that applies them, one event or a batch of any size.

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

/** What marking inbox events processed sets; `lastError` is the SQL of why (NULL: applied). */
const markedProcessed = (lastError: string) => `processed_at = now(), attempts = attempts + 1, last_error = ${lastError}`;

/** Marks an event done; `error` records why it was closed without applying (the reconciler then leaves it alone). */
export async function markStripeEventProcessed(db: Knex, id: string, error: string | null = null): Promise<void> {
  await db.raw(`UPDATE stripe_events SET ${markedProcessed('?')} WHERE id = ?`, [error, id]);
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

/** One stored provider event (a stripe_events row), as the ledger pipeline reads it. */
interface StoredEvent {
  id: string;
  type: string;
  payload: { data?: { object?: unknown } };
  processed_at: Date | null;
}

/** What a provider event is to the ledger: a checkout session's outcome, a refund or dispute of a charge, a monthly gift's event, or nothing of ours. */
type SortedEvent = { checkout: CheckoutSessionLike } | { charge: ChargeLike | DisputeLike } | { monthly: MonthlyObject } | null;

/** The one rule that sorts a provider event into checkout or charge handling (reconciliation lists by it too). */
function sortEvent(type: string, object: unknown): SortedEvent {
  if (!object) return null;
  if (type.startsWith('checkout.session.')) return isMonthlySession(object as MonthlyObject) ? { monthly: object as MonthlyObject } : { checkout: object as CheckoutSessionLike };
  if (MONTHLY_EVENT_TYPES.includes(type)) return { monthly: object as MonthlyObject };
  if (CHARGE_EVENT_TYPES.includes(type)) return { charge: object as ChargeLike | DisputeLike };
  return null;
}

/** Whether the ledger pipeline applies events of this type (anything else the provider sends is not ours to record). */
export const isLedgerEventType = (type: string): boolean => sortEvent(type, {}) !== null;

/** One event, inside the caller's transaction: checkout events decide paid / failed / expired; refund and dispute events what was taken back. */
async function applyEvent(trx: Knex.Transaction, type: string, sorted: SortedEvent): Promise<ApplyResult | null> {
  if (!sorted) return null;
  if ('checkout' in sorted) return applyCheckoutEvent(trx, sorted.checkout, outcomeOf(type, sorted.checkout));
  if ('monthly' in sorted) return applyMonthlyEvent(trx, type, sorted.monthly);
  return applyChargeEvent(trx, type, sorted.charge);
}

/**
 * Applies stored provider events inside `trx` and marks them processed (in the statement that locks them), so a
 * crash anywhere leaves either everything or nothing, and a rerun (redelivery, retry, stalled job) finds them
 * processed or finds the ledger rows already there. One event or a hundred, the same code: ledger.record's lone
 * event is a batch of one.
 *
 * Locks the events' inbox rows in one statement: `skip-locked` leaves a row another transaction holds to its own
 * run (a burst's batch), `wait` waits for it (an event applied alone). Paid checkout events of pending payments
 * (the burst's common case) go through the bulk path (applyPaidCheckouts: one statement per step for the lot);
 * everything else through applyEvent, in the batch's order. Events of a batch may arrive in any order and any
 * number of times: refund and dispute events (before or after their checkout ones) decide what was taken back.
 *
 * Returns one entry per event decided (null: nothing to announce, e.g. already processed); an event without an
 * entry was not locked (absent, or held elsewhere). Any error (PaymentMismatchError included) aborts it all.
 * The ledger rows written join the transparency log in the same transaction (appendToLog).
 */
export async function applyProviderEvents(trx: Knex.Transaction, ids: string[], lock: 'skip-locked' | 'wait' = 'skip-locked'): Promise<Map<string, ApplyResult | null>> {
  const locked = await lockAndMarkProcessed(trx, ids, lock);
  const byId = new Map(locked.map((r) => [r.id, r]));
  const results = new Map<string, ApplyResult | null>();
  const todo: StoredEvent[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || results.has(id) || todo.includes(row)) continue;
    if (row.processed_at) results.set(id, null);
    else todo.push(row);
  }
  if (todo.length === 0) return results;

  const sorted = todo.map((e) => ({ e, sorted: sortEvent(e.type, e.payload.data?.object) }));
  const checkouts = sorted.flatMap(({ e, sorted: s }) => (s && 'checkout' in s ? [{ eventId: e.id, type: e.type, s: s.checkout }] : []));
  // A batch with a refund or dispute event keeps every event's order and path exactly (they may meet on one payment).
  const hasCharge = sorted.some(({ sorted: s }) => s && 'charge' in s);
  const bulk = hasCharge ? new Map<string, ApplyResult>() : await applyPaidCheckouts(trx, checkouts);
  for (const { e, sorted: s } of sorted) results.set(e.id, bulk.get(e.id) ?? (await applyEvent(trx, e.type, s)));
  // Last, so the log's lock is held only from here to the commit.
  await appendToLog(trx);
  return results;
}

/**
 * Locks the inbox rows of `ids` (in id order) and marks those not processed yet as processed, in one statement: the
 * mark is part of the caller's transaction, so it stands only if the events' effects commit with it (a lone event's
 * transaction is a round trip shorter for it). Returns the rows as they were before the mark.
 */
async function lockAndMarkProcessed(trx: Knex.Transaction, ids: string[], lock: 'skip-locked' | 'wait'): Promise<StoredEvent[]> {
  return pgQuery<StoredEvent>(trx, { name: `inbox_take_${lock}`, text: TAKE_EVENTS[lock], values: [ids] });
}

/** lockAndMarkProcessed's statement for each way of locking (prepared: a lone event's transaction planned it every time). */
const TAKE_EVENTS = {
  'skip-locked': takeEvents('FOR UPDATE SKIP LOCKED'),
  wait: takeEvents('FOR UPDATE'),
};
function takeEvents(lockClause: string): string {
  return `WITH locked AS (SELECT id, type, payload, processed_at FROM stripe_events WHERE id = ANY($1::text[]) ORDER BY id ${lockClause}),
       marked AS (UPDATE stripe_events s SET ${markedProcessed('NULL')} FROM locked l WHERE s.id = l.id AND l.processed_at IS NULL)
     SELECT id, type, payload, processed_at FROM locked`;
}

/** One event in its own transaction (a batch of one that waits for the event's lock); undefined when it is not in the inbox. */
export async function applyProviderEvent(db: Knex, id: string): Promise<ApplyResult | null | undefined> {
  return db.transaction(async (trx) => {
    const results = await applyProviderEvents(trx, [id], 'wait');
    return results.has(id) ? results.get(id)! : undefined;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A checkout event of the batch (sorted as such by sortEvent). */
interface CheckoutEvent {
  eventId: string;
  type: string;
  s: CheckoutSessionLike;
}

interface Candidate {
  eventId: string;
  s: CheckoutSessionLike;
  kind: keyof typeof PAYMENT_TABLES;
  table: string;
  /** Lower-cased, as Postgres prints a uuid. */
  rowId: string;
  intent: string | null;
}

/**
 * The bulk path of applyProviderEvents: the batch's paid checkout events that meet a pending payment of their own
 * (no other event of the batch names the payment, the session or the payment intent), with the per-event result
 * (applyCheckoutEvent's) and effects in one statement per step: their charge facts in one upsert, their payment rows
 * locked in one statement per table (sorted, so concurrent batches cannot deadlock on them), then recordPaid for the
 * lot. Returns their results by event id; the events it leaves out go through applyCheckoutEvent one by one afterwards
 * (their facts may already be merged here: the merge is idempotent). A lone paid checkout is left out too: the
 * per-event functions do the same for one payment, and stay what this path is checked against.
 */
async function applyPaidCheckouts(trx: Knex.Transaction, checkouts: CheckoutEvent[]): Promise<Map<string, ApplyResult>> {
  const out = new Map<string, ApplyResult>();
  const candidates = paidCheckoutsOfTheirOwn(checkouts);
  if (candidates.length < 2) return out;

  // 1. Charge facts first (as applyCheckoutEvent does: the charge row before the payment row), sorted.
  const withIntent = candidates.filter((c) => c.intent).sort((a, b) => (a.intent! < b.intent! ? -1 : 1));
  const facts = new Map<string, ChargeFacts>();
  if (withIntent.length) {
    const merged = await mergeFacts(trx, withIntent.map((c) => ({ paymentIntent: c.intent!, kind: c.kind, rowId: c.s.metadata!.row_id! })));
    for (const f of merged) facts.set(f.payment_intent, f);
  }

  // 2. The candidates' payment rows, one statement per table, in a fixed order (the other events lock theirs
  //    one by one afterwards, as their own transactions would).
  const paymentRows = new Map<string, PaymentRow>();
  for (const table of LOCK_ORDER) {
    const rowIds = candidates.filter((c) => c.table === table).map((c) => c.rowId);
    if (!rowIds.length) continue;
    for (const r of await lockPaymentRows<PaymentRow>(trx, table, rowIds)) paymentRows.set(`${table}:${r.id}`, r);
  }

  // 3. Which candidates this path applies with exactly the per-event result: anything else is left to it.
  const plans: Array<{ c: Candidate; applied: ApplyResult; facts: ChargeFacts | null }> = [];
  for (const c of candidates) {
    const row = paymentRows.get(`${c.table}:${c.rowId}`);
    const rowId = c.s.metadata!.row_id!;
    if (!row || row.id !== rowId || mismatchOf(c.s, c.kind, rowId, row)) continue;
    const applied = resultOf(c.kind, rowId, row);
    if (applied.previous !== 'pending') continue;
    const f = c.intent ? (facts.get(c.intent) ?? null) : null;
    if (c.intent && (!f || f.kind !== c.kind || f.row_id !== rowId || !chargeLeavesAsIs('paid', applied.amountCents, Number(f.refunded_cents), f.dispute_status))) continue;
    plans.push({ c, applied, facts: f });
  }
  if (plans.length === 0) return out;

  // 4. Investors, ledger rows and the payments marked paid: the same statements as one checkout's.
  const recorded = await recordPaid(
    trx,
    plans.map(({ c, applied }) => ({ kind: c.kind, rowId: applied.rowId, sessionId: c.s.id, amountCents: applied.amountCents, tokens: applied.tokens, userId: applied.userId, investorId: applied.investorId, rate: applied.rate })),
  );
  for (const { c, applied, facts: f } of plans) {
    const { investorId, ledgerRow, seat } = recorded.get(c.s.id)!;
    const paid: ApplyResult = { ...applied, status: 'paid', investorId, ledgerRow, ...(seat ? { seat } : {}) };
    // With a payment intent, applyCheckoutEvent also settles the payment against its (clean) charge facts.
    out.set(c.eventId, f ? { ...paid, charge: { refundedCents: Number(f.refunded_cents), dispute: f.dispute_status }, reversalRow: null } : paid);
  }
  return out;
}

/** The batch's paid checkout events whose payment, session and payment intent no other checkout event of the batch names. */
function paidCheckoutsOfTheirOwn(events: CheckoutEvent[]): Candidate[] {
  const seen = new Map<string, number>();
  const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
  const checkouts: Array<Candidate & { type: string }> = [];
  for (const { eventId, type, s } of events) {
    const target = paymentOf(s);
    if (!target || !UUID.test(target.rowId)) continue;
    const c = { eventId, type, s, kind: target.kind, table: PAYMENT_TABLES[target.kind].table, rowId: target.rowId.toLowerCase(), intent: idOf(s.payment_intent) };
    checkouts.push(c);
    count(`row:${c.table}:${c.rowId}`);
    count(`session:${s.id}`);
    if (c.intent) count(`intent:${c.intent}`);
  }
  const once = (key: string) => seen.get(key) === 1;
  return checkouts.filter((c) => outcomeOf(c.type, c.s) === 'paid' && once(`row:${c.table}:${c.rowId}`) && once(`session:${c.s.id}`) && (!c.intent || once(`intent:${c.intent}`)));
}
