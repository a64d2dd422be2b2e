import type { Knex } from 'knex';
import { centsToDollars, donationTokens, investorCode } from '../domain/money';
import { MONEY_RECEIVED_STATUSES, type DisputeStatus, type PaymentKind, type PaymentStatus } from '../domain/payment-status';
import type { TLedgerRow } from '../schemas/ledger';

/** The part of a Stripe Checkout Session this system reads (the local test checkout produces the same shape). */
export interface CheckoutSessionLike {
  id: string;
  payment_status: string;
  status: string | null;
  amount_total: number | null;
  metadata: Record<string, string> | null;
  /** The charge's payment intent (refund and dispute events name it, not our row); absent before payment. */
  payment_intent?: string | { id: string } | null;
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

/** Where each kind of payment is stored, and the name of its status column. */
export const PAYMENT_TABLES: Record<PaymentKind, { table: string; status: string }> = {
  donation: { table: 'donations', status: 'status' },
  program: { table: 'program_payments', status: 'status' },
  sponsorship: { table: 'program_payments', status: 'status' },
  investment: { table: 'investments', status: 'payment_status' },
};

/** Writes a pending donation (before its checkout exists) and returns its id. */
export async function insertDonation(
  db: Knex,
  d: { amountCents: number; donorName: string | null; message: string | null; wantsAdxTokens: boolean; userId: string | null },
): Promise<string> {
  const [row] = (await db('donations')
    .insert({ amount_cents: d.amountCents, donor_name: d.donorName, message: d.message, wants_adx_tokens: d.wantsAdxTokens, user_id: d.userId })
    .returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** Writes a pending enrollment or sponsorship and returns its id. */
export async function insertProgramPayment(db: Knex, p: { kind: 'program' | 'sponsorship'; amountCents: number; description: string; payerEmail: string | null }): Promise<string> {
  const [row] = (await db('program_payments')
    .insert({ kind: p.kind, amount_cents: p.amountCents, description: p.description, payer_email: p.payerEmail })
    .returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** A member's token purchase as stored. */
export interface InvestmentRow {
  id: string;
  amount_cents: string;
  adx_tokens: string;
  payment_status: PaymentStatus;
  investor_id: string | null;
  created_at: Date;
  user_id: string;
  receipt_code: string;
}

/** Writes a pending investment and returns its id. */
export async function insertInvestment(db: Knex, i: { userId: string; amountCents: number; tokens: string }): Promise<string> {
  const [row] = (await db('investments').insert({ user_id: i.userId, amount_cents: i.amountCents, adx_tokens: i.tokens }).returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** One investment by id. */
export async function findInvestment(db: Knex, id: string): Promise<InvestmentRow | undefined> {
  return (await db('investments').where({ id }).first()) as InvestmentRow | undefined;
}

/** A member's latest investments, newest first. */
export async function listInvestments(db: Knex, userId: string, limit = 100): Promise<InvestmentRow[]> {
  return (await db('investments').where({ user_id: userId }).orderBy('created_at', 'desc').limit(limit)) as InvestmentRow[];
}

/** The receipt code of one payment (undefined when there is no such row). */
export async function receiptCodeOf(db: Knex, kind: PaymentKind, rowId: string): Promise<string | undefined> {
  const row = (await db(PAYMENT_TABLES[kind].table).where({ id: rowId }).first('receipt_code')) as { receipt_code: string } | undefined;
  return row?.receipt_code;
}

/** Stores the checkout session a pending payment row was sent to. */
export async function attachCheckoutSession(db: Knex, kind: PaymentKind, rowId: string, sessionId: string): Promise<void> {
  await db(PAYMENT_TABLES[kind].table).where({ id: rowId }).update({ checkout_session_id: sessionId, updated_at: db.fn.now() });
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
  ledgerRow: TLedgerRow | null;
  /** A reversal row appended by the same call after `ledgerRow` (a refund that arrived before its checkout event). */
  reversalRow?: TLedgerRow | null;
  /** What the provider said about the money since (refunds.repository settlePayment): the payer's notices follow it. */
  charge?: { refundedCents: number; dispute: DisputeStatus };
  /**
   * Whether the payment has anyone to write to (a payer e-mail or a member): without one, no mail job is
   * asked for at all (a job per anonymous payment cost the burst pipeline about a millisecond of CPU each).
   */
  mailable: boolean;
}

interface PaymentRow {
  id: string;
  status: PaymentStatus;
  amount_cents: string;
  user_id: string | null;
  investor_id: string | null;
  checkout_session_id: string | null;
  wants_adx_tokens?: boolean;
  adx_tokens?: string;
  kind?: string;
}

/** The investor code of a member, created on their first paid purchase; anonymous payers get a new one each time. */
async function investorFor(trx: Knex.Transaction, userId: string | null): Promise<string> {
  if (userId) {
    const existing = (await trx('investors').where({ user_id: userId }).first('investor_id')) as { investor_id: string } | undefined;
    if (existing) return existing.investor_id;
  }
  const { rows } = (await trx.raw(`SELECT nextval('investor_code_seq') AS n`)) as { rows: Array<{ n: string }> };
  const code = investorCode(Number(rows[0]!.n));
  await trx('investors').insert({ investor_id: code, user_id: userId });
  return code;
}

/**
 * Applies what the payment provider says about one checkout session, idempotently, inside `trx`:
 * locks our payment row, moves pending → paid / failed / expired (money received is final), and for a paid
 * investment or a paid donation that asked for tokens appends the ledger row. The ledger's UNIQUE
 * payment_reference (the session id) makes a second run append nothing.
 */
export async function applyCheckoutOutcome(trx: Knex.Transaction, s: CheckoutSessionLike, outcome: PaymentStatus): Promise<ApplyResult> {
  const kind = s.metadata?.kind as PaymentKind | undefined;
  const rowId = s.metadata?.row_id;
  if (!kind || !(kind in PAYMENT_TABLES) || !rowId) throw new PaymentMismatchError(`checkout session ${s.id} carries no kind/row_id metadata`);
  const { table, status: statusColumn } = PAYMENT_TABLES[kind];
  const row = (await trx(table).where({ id: rowId }).forUpdate().first()) as (PaymentRow & Record<string, unknown>) | undefined;
  if (!row) throw new PaymentMismatchError(`no ${kind} ${rowId} for checkout session ${s.id}`);
  if (row.checkout_session_id && row.checkout_session_id !== s.id) throw new PaymentMismatchError(`${kind} ${rowId} belongs to checkout session ${row.checkout_session_id}, not ${s.id}`);
  const amountCents = Number(row.amount_cents);
  if (s.amount_total !== null && s.amount_total !== amountCents) {
    throw new PaymentMismatchError(`checkout session ${s.id} charged ${s.amount_total} cents, but ${kind} ${rowId} is ${amountCents}`);
  }
  const previous = row[statusColumn] as PaymentStatus;
  const result: ApplyResult = {
    kind,
    rowId,
    userId: row.user_id ?? null,
    mailable: Boolean(row.payer_email) || Boolean(row.user_id),
    previous,
    status: previous,
    amountCents,
    investorId: row.investor_id ?? null,
    tokens: kind === 'investment' ? (row.adx_tokens ?? null) : kind === 'donation' && row.wants_adx_tokens ? donationTokens(amountCents) : null,
    ledgerRow: null,
  };
  if (outcome === 'pending' || MONEY_RECEIVED_STATUSES.includes(previous) || outcome === previous) return result;
  if (outcome !== 'paid') {
    if (previous !== 'pending') return result; // failed/expired only ever replace pending
    await trx(table).where({ id: rowId }).update({ [statusColumn]: outcome, checkout_session_id: s.id, updated_at: trx.fn.now() });
    return { ...result, status: outcome };
  }

  const update: Record<string, unknown> = { [statusColumn]: 'paid', paid_at: trx.fn.now(), checkout_session_id: s.id, updated_at: trx.fn.now() };
  if (result.tokens) {
    const investorId = row.investor_id ?? (await investorFor(trx, row.user_id ?? null));
    update.investor_id = investorId;
    result.investorId = investorId;
    const [inserted] = (await trx('token_purchases')
      .insert({
        investor_id: investorId,
        purchase_date: trx.raw('current_date'),
        investment_amount_usd: centsToDollars(amountCents),
        tokens_to_be_distributed: result.tokens,
        source: kind === 'investment' ? 'investment' : 'donation',
        payment_reference: s.id,
      })
      .onConflict('payment_reference')
      .ignore()
      .returning(['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at'])) as Array<{
      investor_id: string;
      purchase_date: string;
      investment_amount_usd: string;
      tokens_to_be_distributed: string;
      created_at: Date;
    }>;
    if (inserted) result.ledgerRow = { ...inserted, created_at: inserted.created_at.toISOString() };
  }
  await trx(table).where({ id: rowId }).update(update);
  return { ...result, status: 'paid' };
}
