import type { Knex } from 'knex';
import { centsToDollars, donationTokens, investorCode } from '../domain/money';
import { reversedCents, settledStatus, type DisputeStatus, type PaymentKind } from '../domain/payment-status';
import type { TLedgerRow } from '../schemas/ledger';
import { outcomeOf, PAYMENT_TABLES, type ApplyResult, type CheckoutSessionLike } from './payments.repository';
import { applyChargeEvent, applyCheckoutEvent, CHARGE_EVENT_TYPES, MERGE_CHARGE_FACTS, type ChargeLike, type DisputeLike } from './refunds.repository';

/**
 * Several inbox events applied in one transaction (issue 17): the same effects and the same ApplyResult
 * per event as applying each in its own transaction (ledger.record's per-event path), in fewer round trips.
 *
 * Locks the events' inbox rows in one statement (SKIP LOCKED: a row another transaction holds is left to
 * its own per-event run), applies every unprocessed one, marks them processed in one UPDATE. Paid checkout
 * events of pending payments (the burst's common case) are applied in bulk: their charge facts in one
 * upsert, their payment rows locked in one statement per table (sorted, so concurrent batches cannot
 * deadlock on them), investors, ledger rows and payment updates one multi-row statement each. Everything
 * else goes through the per-event functions (applyCheckoutEvent / applyChargeEvent) in the same transaction.
 *
 * Returns one entry per event the batch decided (null: nothing to announce, e.g. already processed); an
 * event without an entry was not locked (absent, or held elsewhere) and must be applied on its own. Any
 * error (PaymentMismatchError included) aborts the whole batch: the caller then applies each event alone.
 */
export async function applyInboxBatch(trx: Knex.Transaction, ids: string[]): Promise<Map<string, ApplyResult | null>> {
  const locked = (await trx('stripe_events').whereIn('id', ids).orderBy('id').forUpdate().skipLocked().select('id', 'type', 'payload', 'processed_at')) as InboxRow[];
  const byId = new Map(locked.map((r) => [r.id, r]));
  const results = new Map<string, ApplyResult | null>();
  const todo: InboxRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || results.has(id) || todo.includes(row)) continue;
    if (row.processed_at) results.set(id, null);
    else todo.push(row);
  }
  if (todo.length === 0) return results;

  // A batch with a refund or dispute event keeps every event's order and path exactly (they may meet on one payment).
  const bulk = todo.some((e) => CHARGE_EVENT_TYPES.includes(e.type)) ? new Map<string, ApplyResult>() : await applyPaidCheckouts(trx, todo);
  for (const e of todo) {
    const done = bulk.get(e.id);
    results.set(e.id, done ?? (await applyGeneric(trx, e)));
  }
  await trx('stripe_events')
    .whereIn('id', todo.map((e) => e.id))
    .update({ processed_at: trx.fn.now(), attempts: trx.raw('attempts + 1'), last_error: null });
  return results;
}

interface InboxRow {
  id: string;
  type: string;
  payload: { data?: { object?: unknown } };
  processed_at: Date | null;
}

/** ledger.record's per-event apply, inside the batch's transaction. */
async function applyGeneric(trx: Knex.Transaction, e: InboxRow): Promise<ApplyResult | null> {
  const object = e.payload.data?.object;
  if (e.type.startsWith('checkout.session.') && object) {
    const session = object as CheckoutSessionLike;
    return applyCheckoutEvent(trx, session, outcomeOf(e.type, session));
  }
  if (CHARGE_EVENT_TYPES.includes(e.type) && object) return applyChargeEvent(trx, e.type, object as unknown as ChargeLike | DisputeLike);
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tables in the order their rows are locked. */
const LOCK_ORDER = ['donations', 'investments', 'program_payments'];
const intentOf = (v: CheckoutSessionLike['payment_intent']): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : v.id);

interface Candidate {
  eventId: string;
  type: string;
  s: CheckoutSessionLike;
  kind: PaymentKind;
  table: string;
  rowId: string;
  intent: string | null;
}

interface Facts {
  payment_intent: string;
  kind: string | null;
  row_id: string | null;
  refunded_cents: string;
  dispute_status: DisputeStatus;
}

/**
 * The bulk path: applies the batch's paid checkout events that meet a pending payment of their own (no other
 * event of the batch names the payment, the session or the payment intent), returns their results by event
 * id. Events it leaves out are applied one by one afterwards (their facts may already be merged here: the
 * merge is idempotent).
 */
async function applyPaidCheckouts(trx: Knex.Transaction, todo: InboxRow[]): Promise<Map<string, ApplyResult>> {
  const out = new Map<string, ApplyResult>();
  const seen = new Map<string, number>();
  const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
  const checkouts: Candidate[] = [];
  for (const e of todo) {
    const s = e.payload.data?.object as CheckoutSessionLike | undefined;
    if (!e.type.startsWith('checkout.session.') || !s) continue;
    const kind = s.metadata?.kind as PaymentKind | undefined;
    const rowId = s.metadata?.row_id;
    if (!kind || !(kind in PAYMENT_TABLES) || !rowId || !UUID.test(rowId)) continue;
    const c: Candidate = { eventId: e.id, type: e.type, s, kind, table: PAYMENT_TABLES[kind].table, rowId: rowId.toLowerCase(), intent: intentOf(s.payment_intent) };
    checkouts.push(c);
    count(`row:${c.table}:${c.rowId}`);
    count(`session:${s.id}`);
    if (c.intent) count(`intent:${c.intent}`);
  }
  const once = (key: string) => seen.get(key) === 1;
  const candidates = checkouts.filter(
    (c) => outcomeOf(c.type, c.s) === 'paid' && once(`row:${c.table}:${c.rowId}`) && once(`session:${c.s.id}`) && (!c.intent || once(`intent:${c.intent}`)),
  );
  if (candidates.length === 0) return out;

  // 1. Charge facts first (as applyCheckoutEvent does: the charge row before the payment row), sorted.
  const facts = new Map<string, Facts>();
  const withIntent = candidates.filter((c) => c.intent).sort((a, b) => (a.intent! < b.intent! ? -1 : 1));
  if (withIntent.length) {
    const { rows } = (await trx.raw(
      `INSERT INTO payment_charges AS c (payment_intent, kind, row_id, refunded_cents, dispute_status) VALUES ${withIntent.map(() => '(?, ?, ?, 0, NULL)').join(', ')}
       ${MERGE_CHARGE_FACTS}`,
      withIntent.flatMap((c) => [c.intent!, c.kind, c.s.metadata!.row_id!]),
    )) as { rows: Facts[] };
    for (const f of rows) facts.set(f.payment_intent, f);
  }

  // 2. The candidates' payment rows, one statement per table, in a fixed order (the other events lock theirs
  //    one by one afterwards, as their own transactions would).
  const paymentRows = new Map<string, Record<string, unknown>>();
  for (const table of LOCK_ORDER) {
    const rowIds = candidates.filter((c) => c.table === table).map((c) => c.rowId).sort();
    if (!rowIds.length) continue;
    const rows = (await trx(table).whereIn('id', rowIds).orderBy('id').forUpdate().select('*')) as Array<Record<string, unknown>>;
    for (const r of rows) paymentRows.set(`${table}:${String(r.id)}`, r);
  }

  // 3. Which candidates the bulk path applies with exactly the per-event result.
  interface Plan extends Candidate {
    row: Record<string, unknown>;
    amountCents: number;
    tokens: string | null;
    investorId: string | null;
    facts: Facts | null;
  }
  const plans: Plan[] = [];
  for (const c of candidates) {
    const row = paymentRows.get(`${c.table}:${c.rowId}`);
    if (!row || String(row.id) !== c.s.metadata!.row_id) continue;
    if (row.checkout_session_id && row.checkout_session_id !== c.s.id) continue;
    const amountCents = Number(row.amount_cents);
    if (c.s.amount_total !== null && c.s.amount_total !== amountCents) continue;
    if (row[PAYMENT_TABLES[c.kind].status] !== 'pending') continue;
    const f = c.intent ? (facts.get(c.intent) ?? null) : null;
    if (c.intent) {
      if (!f || f.kind !== c.kind || f.row_id !== c.s.metadata!.row_id) continue;
      const refunded = Number(f.refunded_cents);
      if (settledStatus(amountCents, refunded, f.dispute_status) !== 'paid' || reversedCents(amountCents, refunded, f.dispute_status) > 0) continue;
    }
    const tokens = c.kind === 'investment' ? ((row.adx_tokens as string | undefined) ?? null) : c.kind === 'donation' && row.wants_adx_tokens ? donationTokens(amountCents) : null;
    plans.push({ ...c, row, amountCents, tokens, investorId: (row.investor_id as string | null | undefined) ?? null, facts: f });
  }
  if (plans.length === 0) return out;

  // 4. Investors: a member's existing one, else a new code (one per member, one per anonymous payment).
  const needInvestor = plans.filter((p) => p.tokens && !p.investorId);
  if (needInvestor.length) {
    const users = [...new Set(needInvestor.map((p) => p.row.user_id as string | null | undefined).filter((u): u is string => Boolean(u)))];
    const existing = new Map<string, string>();
    if (users.length) {
      for (const r of (await trx('investors').whereIn('user_id', users).select('investor_id', 'user_id')) as Array<{ investor_id: string; user_id: string }>) existing.set(r.user_id, r.investor_id);
    }
    const fresh: Array<{ user: string | null; plans: Plan[] }> = [];
    const freshByUser = new Map<string, { user: string | null; plans: Plan[] }>();
    for (const p of needInvestor) {
      const user = (p.row.user_id as string | null | undefined) ?? null;
      if (user && existing.has(user)) {
        p.investorId = existing.get(user)!;
        continue;
      }
      const group = user ? freshByUser.get(user) : undefined;
      if (group) group.plans.push(p);
      else {
        const g = { user, plans: [p] };
        fresh.push(g);
        if (user) freshByUser.set(user, g);
      }
    }
    if (fresh.length) {
      const { rows } = (await trx.raw(`SELECT nextval('investor_code_seq') AS n FROM generate_series(1, ?)`, [fresh.length])) as { rows: Array<{ n: string }> };
      const codes = rows.map((r) => Number(r.n)).sort((a, b) => a - b).map(investorCode);
      fresh.forEach((g, i) => g.plans.forEach((p) => (p.investorId = codes[i]!)));
      await trx('investors').insert(fresh.map((g, i) => ({ investor_id: codes[i], user_id: g.user })));
    }
  }

  // 5. The ledger rows, one statement (a second run appends nothing: UNIQUE payment_reference).
  const ledger = new Map<string, TLedgerRow>();
  const withTokens = plans.filter((p) => p.tokens);
  if (withTokens.length) {
    const inserted = (await trx('token_purchases')
      .insert(
        withTokens.map((p) => ({
          investor_id: p.investorId,
          purchase_date: trx.raw('current_date'),
          investment_amount_usd: centsToDollars(p.amountCents),
          tokens_to_be_distributed: p.tokens,
          source: p.kind === 'investment' ? 'investment' : 'donation',
          payment_reference: p.s.id,
        })),
      )
      .onConflict('payment_reference')
      .ignore()
      .returning(['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at', 'payment_reference'])) as Array<{
      investor_id: string;
      purchase_date: string;
      investment_amount_usd: string;
      tokens_to_be_distributed: string;
      created_at: Date;
      payment_reference: string;
    }>;
    for (const { payment_reference, ...r } of inserted) ledger.set(payment_reference, { ...r, created_at: r.created_at.toISOString() });
  }

  // 6. The payments: paid, with their session and investor, one UPDATE per table.
  for (const table of LOCK_ORDER) {
    const mine = plans.filter((p) => p.table === table);
    if (!mine.length) continue;
    const status = table === 'investments' ? 'payment_status' : 'status';
    const investor = table === 'program_payments' ? '' : ', investor_id = coalesce(v.inv, t.investor_id)';
    await trx.raw(
      `UPDATE ${table} AS t SET ${status} = 'paid', paid_at = now(), checkout_session_id = v.sid, updated_at = now()${investor}
       FROM (VALUES ${mine.map(() => '(?::uuid, ?::text, ?::text)').join(', ')}) AS v(id, sid, inv) WHERE t.id = v.id`,
      mine.flatMap((p) => [p.rowId, p.s.id, p.tokens ? p.investorId : null]),
    );
  }

  for (const p of plans) {
    const ledgerRow = ledger.get(p.s.id) ?? null;
    const applied: ApplyResult = {
      kind: p.kind,
      rowId: p.s.metadata!.row_id!,
      userId: (p.row.user_id as string | null | undefined) ?? null,
      mailable: Boolean(p.row.payer_email) || Boolean(p.row.user_id),
      previous: 'pending',
      status: 'paid',
      amountCents: p.amountCents,
      investorId: p.tokens ? p.investorId : ((p.row.investor_id as string | null | undefined) ?? null),
      tokens: p.tokens,
      ledgerRow,
    };
    // With a payment intent, applyCheckoutEvent also settles the payment against its (clean) charge facts.
    out.set(p.eventId, p.facts ? { ...applied, charge: { refundedCents: Number(p.facts.refunded_cents), dispute: p.facts.dispute_status }, reversalRow: null } : applied);
  }
  return out;
}
