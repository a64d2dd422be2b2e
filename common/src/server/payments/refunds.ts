import type { Knex } from 'knex';
import { MONEY_RECEIVED_STATUSES, reversedCents, settledStatus, type DisputeStatus, type PaymentKind, type PaymentStatus } from '../../domain/payments';
import type { TLedgerRow } from '../../schemas/ledger';
import type { ApplyResult } from './checkout';
import { PAYMENT_TABLES } from './payments.repository';

/** The part of a Stripe Charge (charge.refunded) this system reads. */
export interface ChargeLike {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

/** The part of a Stripe Dispute (charge.dispute.*) this system reads. */
export interface DisputeLike {
  id: string;
  charge: string | { id: string };
  payment_intent?: string | { id: string } | null;
  status: string;
}

/** The id of a Stripe reference, expanded or not. */
export const idOf = (v: string | { id: string } | null | undefined): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : v.id);

/** What a Stripe dispute status means for the money: closed decides, anything else is still open. */
function disputeOf(type: string, d: DisputeLike): DisputeStatus {
  if (d.status === 'won' || d.status === 'lost') return d.status;
  return type === 'charge.dispute.closed' ? 'won' : 'open'; // closed as warning_closed and the like: the money stays
}

export interface ChargeFacts {
  payment_intent: string;
  kind: PaymentKind | null;
  row_id: string | null;
  refunded_cents: string;
  dispute_status: DisputeStatus;
}

/** What one event says about a charge (its payment intent); anything left out says nothing new. */
export interface ChargeNews {
  paymentIntent: string;
  kind?: string | null;
  rowId?: string | null;
  refundedCents?: number;
  dispute?: DisputeStatus;
}

/**
 * Merges what events say into their charges' facts (largest refunded amount, a closed dispute is final, the
 * first link to our row stays) in one statement, and returns the merged rows (one per payment intent, which must
 * not repeat in `news`). The upsert locks each charge's row, so two events of one charge apply one after the
 * other, always before the payment row is locked.
 */
export async function mergeFacts(trx: Knex.Transaction, news: ChargeNews[]): Promise<ChargeFacts[]> {
  const values = news.flatMap((f) => {
    const kind = f.kind && f.kind in PAYMENT_TABLES ? f.kind : null;
    return [f.paymentIntent, kind, kind ? (f.rowId ?? null) : null, f.refundedCents ?? 0, f.dispute ?? null];
  });
  const { rows } = (await trx.raw(
    `INSERT INTO payment_charges AS c (payment_intent, kind, row_id, refunded_cents, dispute_status) VALUES ${news.map(() => '(?, ?, ?, ?, ?)').join(', ')}
     ON CONFLICT (payment_intent) DO UPDATE SET
       kind = coalesce(c.kind, excluded.kind),
       row_id = coalesce(c.row_id, excluded.row_id),
       refunded_cents = greatest(c.refunded_cents, excluded.refunded_cents),
       dispute_status = CASE WHEN c.dispute_status IN ('won', 'lost') THEN c.dispute_status ELSE coalesce(excluded.dispute_status, c.dispute_status) END,
       updated_at = now()
     RETURNING payment_intent, kind, row_id, refunded_cents, dispute_status`,
    values,
  )) as { rows: ChargeFacts[] };
  return rows;
}

const UNITS = 100_000_000n; // the ledger keeps 8 decimals of tokens
const toUnits = (tokens: string): bigint => {
  const [whole = '0', frac = ''] = tokens.replace('-', '').split('.');
  const units = BigInt(whole) * UNITS + BigInt((frac + '00000000').slice(0, 8));
  return tokens.startsWith('-') ? -units : units;
};
const fromUnits = (u: bigint): string => {
  const abs = u < 0n ? -u : u;
  return `${u < 0n ? '-' : ''}${abs / UNITS}.${(abs % UNITS).toString().padStart(8, '0')}`;
};
const fromCents = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * Appends the reversal row that brings the purchase's reversed share up to `targetCents` of `amountCents`.
 * Cumulative: tokens are target/amount of the purchase's tokens rounded down to 8 decimals, minus what
 * earlier reversals took, so repeated partial refunds never reverse more than was bought and a full
 * one reverses exactly all. Null when nothing (more) is to be reversed.
 */
async function appendReversal(trx: Knex.Transaction, paymentReference: string, amountCents: number, targetCents: number): Promise<TLedgerRow | null> {
  const purchase = (await trx('token_purchases').where({ payment_reference: paymentReference }).first()) as
    | { id: string; investor_id: string; investment_amount_usd: string; tokens_to_be_distributed: string; tokens_per_dollar: string | null }
    | undefined;
  if (!purchase || targetCents <= 0) return null;
  const done = (await trx('token_purchases')
    .where({ reverses_id: purchase.id })
    .first(trx.raw('coalesce(sum(investment_amount_usd), 0)::text AS usd'), trx.raw('coalesce(sum(tokens_to_be_distributed), 0)::text AS tokens'))) as { usd: string; tokens: string };
  const doneCents = -BigInt(Math.round(Number(done.usd) * 100));
  const deltaCents = BigInt(targetCents) - doneCents;
  if (deltaCents <= 0n) return null;
  const targetUnits = (toUnits(purchase.tokens_to_be_distributed) * BigInt(targetCents)) / BigInt(amountCents);
  const deltaUnits = targetUnits + toUnits(done.tokens);
  const [row] = (await trx('token_purchases')
    .insert({
      investor_id: purchase.investor_id,
      purchase_date: trx.raw('current_date'),
      investment_amount_usd: fromCents(-deltaCents),
      tokens_to_be_distributed: fromUnits(-deltaUnits),
      source: 'reversal',
      reverses_id: purchase.id,
      // Taken back at the rate it was bought at, whatever the sale's price is now.
      tokens_per_dollar: purchase.tokens_per_dollar,
      // One reversal per cumulative amount: a second run that got this far inserts nothing.
      payment_reference: `${paymentReference}:reversed:${targetCents}`,
    })
    .onConflict('payment_reference')
    .ignore()
    .returning(['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at'])) as Array<Omit<TLedgerRow, 'created_at'> & { created_at: Date }>;
  return row ? { ...row, created_at: row.created_at.toISOString(), marker: 'reversal' } : null;
}

/**
 * Brings one payment in line with its charge's facts: the status (see settledStatus) and, for a
 * payment that made tokens, the reversal rows. Only for payments whose money arrived; a pending one
 * is settled by its checkout event later (which calls this again).
 */
export async function settlePayment(trx: Knex.Transaction, facts: ChargeFacts): Promise<ApplyResult | null> {
  if (!facts.kind || !facts.row_id) return null;
  const { table, status: statusColumn } = PAYMENT_TABLES[facts.kind];
  const row = (await trx(table).where({ id: facts.row_id }).forUpdate().first()) as Record<string, unknown> | undefined;
  if (!row) return null;
  const previous = row[statusColumn] as PaymentStatus;
  const amountCents = Number(row.amount_cents);
  const result: ApplyResult = {
    kind: facts.kind,
    rowId: facts.row_id,
    userId: (row.user_id as string | null | undefined) ?? null,
    mailable: Boolean(row.payer_email) || Boolean(row.user_id),
    previous,
    status: previous,
    amountCents,
    investorId: (row.investor_id as string | null | undefined) ?? null,
    tokens: null,
    rate: null,
    ledgerRow: null,
  };
  if (!MONEY_RECEIVED_STATUSES.includes(previous)) return result;
  const refunded = Number(facts.refunded_cents);
  const status = settledStatus(amountCents, refunded, facts.dispute_status);
  if (status !== previous) await trx(table).where({ id: facts.row_id }).update({ [statusColumn]: status, updated_at: trx.fn.now() });
  const reference = row.checkout_session_id as string | null;
  const ledgerRow = reference ? await appendReversal(trx, reference, amountCents, reversedCents(amountCents, refunded, facts.dispute_status)) : null;
  // The notices are asked for by ledger.record after the commit (requestPaymentNotices), never from in here.
  return { ...result, status, ledgerRow, charge: { refundedCents: refunded, dispute: facts.dispute_status } };
}

/** A charge.refunded or charge.dispute.* event: merges its facts and settles the payment they belong to (null: not ours yet). */
export async function applyChargeEvent(trx: Knex.Transaction, type: string, object: ChargeLike | DisputeLike): Promise<ApplyResult | null> {
  if (type === 'charge.refunded') {
    const c = object as ChargeLike;
    const intent = idOf(c.payment_intent) ?? c.id;
    const [facts] = await mergeFacts(trx, [{ paymentIntent: intent, kind: c.metadata?.kind, rowId: c.metadata?.row_id, refundedCents: c.amount_refunded }]);
    return settlePayment(trx, facts!);
  }
  const d = object as DisputeLike;
  const intent = idOf(d.payment_intent) ?? idOf(d.charge)!;
  const [facts] = await mergeFacts(trx, [{ paymentIntent: intent, dispute: disputeOf(type, d) }]);
  return settlePayment(trx, facts!);
}

/** Event types applyChargeEvent understands. */
export const CHARGE_EVENT_TYPES = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'];

