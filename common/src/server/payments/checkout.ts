import type { Knex } from 'knex';
import { chargeLeavesAsIs, MONEY_RECEIVED_STATUSES, tokensBought, type DisputeStatus, type PaymentKind, type PaymentStatus } from '../../domain/payments';
import type { TLedgerRow } from '../../schemas/ledger';
import { PAYMENT_TABLES, recordPaid } from './payments.repository';
import { idOf, mergeFacts, settlePayment } from './refunds';
import { releaseSeat, type SeatOutcome } from '../program/seats.repository';

/** The part of a Stripe Checkout Session this system reads (the local test checkout produces the same shape). */
export interface CheckoutSessionLike {
  id: string;
  payment_status: string;
  status: string | null;
  amount_total: number | null;
  metadata: Record<string, string> | null;
  /** The charge's payment intent (refund and dispute events name it, not our row); absent before payment. */
  payment_intent?: string | { id: string } | null;
  /** Subscription checkouts (monthly giving): the mode, and the first invoice when retrieved expanded. */
  mode?: string;
  invoice?: string | ({ id: string } & Record<string, unknown>) | null;
  subscription?: string | { id: string } | null;
  customer?: string | { id: string } | null;
  customer_details?: { email?: string | null } | null;
}

/** What an event (or a verify call's retrieved session) means for the payment. */
export function outcomeOf(source: string, s: CheckoutSessionLike): PaymentStatus {
  switch (source) {
    case 'checkout.session.completed':
      return s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    case 'retrieve':
      if (s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required')) return 'paid';
      return s.status === 'expired' ? 'expired' : 'pending';
    default:
      return 'pending';
  }
}

/** A payment that cannot be matched or whose amount differs from ours: retrying will not help. */
export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';
}

/** The result of applying an outcome; `ledgerRow` is set when this call appended it. */
export interface ApplyResult {
  kind: PaymentKind;
  rowId: string;
  userId: string | null;
  previous: PaymentStatus;
  status: PaymentStatus;
  amountCents: number;
  investorId: string | null;
  tokens: string | null;
  /** The tokens per dollar the payment was sold at (null: it buys none, or a row from before rates were kept). */
  rate: string | null;
  ledgerRow: TLedgerRow | null;
  /** A reversal row appended by the same call after `ledgerRow` (a refund that arrived before its checkout event). */
  reversalRow?: TLedgerRow | null;
  /** What the provider said about the money since (refunds.ts settlePayment): the payer's notices follow it. */
  charge?: { refundedCents: number; dispute: DisputeStatus };
  /**
   * Whether the payment has anyone to write to (a payer e-mail or a member): without one, no mail job is
   * asked for at all (a job per anonymous payment cost the burst pipeline about a millisecond of CPU each).
   */
  mailable: boolean;
  /** A paid enrolment's seat (set by the call that marked it paid); 'overbooked' asks for its refund after commit. */
  seat?: SeatOutcome;
}

/** A payment row as stored (the status column is `status`, or `payment_status` for investments). */
export interface PaymentRow {
  id: string;
  amount_cents: string;
  user_id?: string | null;
  payer_email?: string | null;
  investor_id?: string | null;
  checkout_session_id: string | null;
  wants_adx_tokens?: boolean;
  adx_tokens?: string;
  [column: string]: unknown;
}

/** The payment a checkout session names in its metadata (null: none of ours). */
export function paymentOf(s: CheckoutSessionLike): { kind: PaymentKind; rowId: string } | null {
  const kind = s.metadata?.kind as PaymentKind | undefined;
  const rowId = s.metadata?.row_id;
  return kind && kind in PAYMENT_TABLES && rowId ? { kind, rowId } : null;
}

/** Why checkout session `s` cannot apply to our payment row (null: it can). Retrying will not change it. */
export function mismatchOf(s: CheckoutSessionLike, kind: PaymentKind, rowId: string, row: PaymentRow | undefined): string | null {
  if (!row) return `no ${kind} ${rowId} for checkout session ${s.id}`;
  if (row.checkout_session_id && row.checkout_session_id !== s.id) return `${kind} ${rowId} belongs to checkout session ${row.checkout_session_id}, not ${s.id}`;
  const amountCents = Number(row.amount_cents);
  if (s.amount_total !== null && s.amount_total !== amountCents) return `checkout session ${s.id} charged ${s.amount_total} cents, but ${kind} ${rowId} is ${amountCents}`;
  return null;
}

/** A payment row as an ApplyResult before anything changed. */
export function resultOf(kind: PaymentKind, rowId: string, row: PaymentRow): ApplyResult {
  const previous = row[PAYMENT_TABLES[kind].status] as PaymentStatus;
  const amountCents = Number(row.amount_cents);
  return {
    kind,
    rowId,
    userId: row.user_id ?? null,
    mailable: Boolean(row.payer_email) || Boolean(row.user_id),
    previous,
    status: previous,
    amountCents,
    investorId: row.investor_id ?? null,
    tokens: tokensBought(kind, amountCents, row),
    rate: typeof row.tokens_per_dollar === 'string' ? row.tokens_per_dollar : null,
    ledgerRow: null,
  };
}

/**
 * Applies what the payment provider says about one checkout session, idempotently, inside `trx`:
 * locks our payment row, moves pending → paid / failed / expired (money received is final), and for a paid
 * investment or a paid donation that asked for tokens appends the ledger row (recordPaid, the same statements
 * as the burst path's). The ledger's UNIQUE payment_reference (the session id) makes a second run append nothing.
 */
async function applyCheckoutOutcome(trx: Knex.Transaction, s: CheckoutSessionLike, outcome: PaymentStatus): Promise<ApplyResult> {
  const target = paymentOf(s);
  if (!target) throw new PaymentMismatchError(`checkout session ${s.id} carries no kind/row_id metadata`);
  const { kind, rowId } = target;
  const { table, status: statusColumn } = PAYMENT_TABLES[kind];
  const row = (await trx(table).where({ id: rowId }).forUpdate().first()) as PaymentRow | undefined;
  const mismatch = mismatchOf(s, kind, rowId, row);
  if (mismatch) throw new PaymentMismatchError(mismatch);
  const result = resultOf(kind, rowId, row!);
  const { previous } = result;
  if (outcome === 'pending' || MONEY_RECEIVED_STATUSES.includes(previous) || outcome === previous) return result;
  if (outcome !== 'paid') {
    if (previous !== 'pending') return result; // failed/expired only ever replace pending
    await trx(table).where({ id: rowId }).update({ [statusColumn]: outcome, checkout_session_id: s.id, updated_at: trx.fn.now() });
    // An enrolment whose checkout expired or failed frees the seat it held.
    if (kind === 'program') await releaseSeat(trx, rowId);
    return { ...result, status: outcome };
  }
  const paid = await recordPaid(trx, [{ kind, rowId, sessionId: s.id, amountCents: result.amountCents, tokens: result.tokens, userId: result.userId, investorId: result.investorId, rate: result.rate }]);
  const { investorId, ledgerRow, seat } = paid.get(s.id)!;
  return { ...result, status: 'paid', investorId, ledgerRow, ...(seat ? { seat } : {}) };
}

/** A checkout event (or a verify call's session): links its payment intent, applies it, then what refunds and disputes already said. */
export async function applyCheckoutEvent(trx: Knex.Transaction, s: CheckoutSessionLike, outcome: PaymentStatus): Promise<ApplyResult> {
  const intent = idOf(s.payment_intent);
  const [facts] = intent ? await mergeFacts(trx, [{ paymentIntent: intent, kind: s.metadata?.kind, rowId: s.metadata?.row_id }]) : [];
  const applied = await applyCheckoutOutcome(trx, s, outcome);
  if (!facts || facts.kind !== applied.kind || facts.row_id !== applied.rowId) return applied;
  // A clean charge (the common case): settling would read the payment and its purchase again to change nothing.
  const charge = { refundedCents: Number(facts.refunded_cents), dispute: facts.dispute_status };
  if (chargeLeavesAsIs(applied.status, applied.amountCents, charge.refundedCents, charge.dispute)) return { ...applied, charge, reversalRow: null };
  const settled = await settlePayment(trx, facts);
  if (!settled) return applied;
  // Report the whole move (pending → refunded) and the purchase row first: the reversal follows it on screen.
  return { ...settled, previous: applied.previous, tokens: applied.tokens, ledgerRow: applied.ledgerRow ?? settled.ledgerRow, reversalRow: applied.ledgerRow ? settled.ledgerRow : null, ...(applied.seat ? { seat: applied.seat } : {}) };
}
