import type { Knex } from 'knex';
import { centsToDollars, investorCode, type PaymentKind, type PaymentStatus } from '../../domain/payments';
import type { TLedgerRow } from '../../schemas/ledger';
import { confirmSeats, type SeatOutcome } from '../program/seats.repository';

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
  d: { amountCents: number; donorName: string | null; message: string | null; wantsAdxTokens: boolean; userId: string | null; tokens?: { rate: string; tokens: string } | null; payerEmail?: string | null },
): Promise<string> {
  const [row] = (await db('donations')
    .insert({ amount_cents: d.amountCents, donor_name: d.donorName, message: d.message, wants_adx_tokens: d.wantsAdxTokens, user_id: d.userId, tokens_per_dollar: d.tokens?.rate ?? null, adx_tokens: d.tokens?.tokens ?? null, payer_email: d.payerEmail?.toLowerCase() ?? null })
    .returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** Writes a pending enrollment or sponsorship and returns its id. */
export async function insertProgramPayment(db: Knex, p: { kind: 'program' | 'sponsorship'; amountCents: number; description: string; payerEmail: string | null; cohortId: string; userId?: string | null }): Promise<string> {
  const [row] = (await db('program_payments')
    .insert({ kind: p.kind, amount_cents: p.amountCents, description: p.description, payer_email: p.payerEmail, cohort_id: p.cohortId, user_id: p.userId ?? null })
    .returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** A member's token purchase as stored. */
export interface InvestmentRow {
  id: string;
  amount_cents: string;
  adx_tokens: string;
  tokens_per_dollar: string | null;
  payment_status: PaymentStatus;
  investor_id: string | null;
  created_at: Date;
  user_id: string;
  receipt_code: string;
}

/** Writes a pending investment and returns its id. */
export async function insertInvestment(db: Knex, i: { userId: string; amountCents: number; tokens: string; rate: string; payerEmail?: string | null }): Promise<string> {
  const [row] = (await db('investments').insert({ user_id: i.userId, amount_cents: i.amountCents, adx_tokens: i.tokens, tokens_per_dollar: i.rate, payer_email: i.payerEmail?.toLowerCase() ?? null }).returning('id')) as Array<{ id: string }>;
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

/** A pending payment (its row locked by the caller) that the provider reports paid through checkout session `sessionId`. */
export interface PaidPayment {
  kind: PaymentKind;
  rowId: string;
  sessionId: string;
  amountCents: number;
  /** Tokens the payment buys (null: none, so no investor code and no ledger row). */
  tokens: string | null;
  userId: string | null;
  /** The investor code already on the row, if any. */
  investorId: string | null;
  /** The tokens per dollar the payment was sold at (kept on its ledger row). */
  rate?: string | null;
}

/** What marking one payment paid decided: its investor code, and the ledger row when this call appended it. */
export interface Recorded {
  investorId: string | null;
  ledgerRow: TLedgerRow | null;
  /** An enrolment's seat: confirmed, or overbooked (paid into a full cohort after its hold ended: to be refunded). */
  seat?: SeatOutcome;
}

/** Tables in the order their rows are locked and updated (the same order everywhere, so transactions cannot deadlock on them). */
export const LOCK_ORDER = ['donations', 'investments', 'program_payments'];

/**
 * Marks pending payments paid and appends the ledger row of each that buys tokens: one statement per step
 * whatever the number of payments (a checkout event passes one, the burst path a whole batch). Investor codes: a
 * member's existing one, else one new code per member, and a new one for each anonymous payment. A second run
 * appends nothing (UNIQUE payment_reference: the session id). Returns what it decided, by session id.
 */
export async function recordPaid(trx: Knex.Transaction, payments: PaidPayment[]): Promise<Map<string, Recorded>> {
  const investorOf = await assignInvestors(trx, payments.filter((p) => p.tokens));
  const ledger = new Map<string, TLedgerRow>();
  const withTokens = payments.filter((p) => p.tokens);
  if (withTokens.length) {
    const inserted = (await trx('token_purchases')
      .insert(
        withTokens.map((p) => ({
          investor_id: investorOf.get(p.sessionId),
          purchase_date: trx.raw('current_date'),
          investment_amount_usd: centsToDollars(p.amountCents),
          tokens_to_be_distributed: p.tokens,
          tokens_per_dollar: p.rate ?? null,
          source: p.kind === 'investment' ? 'investment' : 'donation',
          payment_reference: p.sessionId,
        })),
      )
      .onConflict('payment_reference')
      .ignore()
      .returning(['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at', 'payment_reference'])) as Array<
      Omit<TLedgerRow, 'created_at'> & { created_at: Date; payment_reference: string }
    >;
    for (const { payment_reference, ...r } of inserted) ledger.set(payment_reference, { ...r, created_at: r.created_at.toISOString() });
  }

  for (const table of LOCK_ORDER) {
    const mine = payments.filter((p) => PAYMENT_TABLES[p.kind].table === table);
    if (!mine.length) continue;
    const status = PAYMENT_TABLES[mine[0]!.kind].status;
    const investor = table === 'program_payments' ? '' : ', investor_id = coalesce(v.inv, t.investor_id)';
    await trx.raw(
      `UPDATE ${table} AS t SET ${status} = 'paid', paid_at = now(), checkout_session_id = v.sid, updated_at = now()${investor}
       FROM (VALUES ${mine.map(() => '(?::uuid, ?::text, ?::text)').join(', ')}) AS v(id, sid, inv) WHERE t.id = v.id`,
      mine.flatMap((p) => [p.rowId, p.sessionId, investorOf.get(p.sessionId) ?? null]),
    );
  }
  // Paid enrolments take their seats (after their payment rows, the lock order everywhere).
  const seats = await confirmSeats(trx, payments.filter((p) => p.kind === 'program').map((p) => p.rowId));
  return new Map(
    payments.map((p) => {
      const seat = seats.get(p.rowId);
      return [p.sessionId, { investorId: investorOf.get(p.sessionId) ?? p.investorId, ledgerRow: ledger.get(p.sessionId) ?? null, ...(seat ? { seat } : {}) }];
    }),
  );
}

/** The investor code of each payment that buys tokens, by session id, creating the codes that do not exist yet. */
async function assignInvestors(trx: Knex.Transaction, payments: PaidPayment[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const need: PaidPayment[] = [];
  for (const p of payments) {
    if (p.investorId) out.set(p.sessionId, p.investorId);
    else need.push(p);
  }
  if (!need.length) return out;
  const users = [...new Set(need.map((p) => p.userId).filter((u): u is string => Boolean(u)))];
  const existing = new Map<string, string>();
  if (users.length) {
    for (const r of (await trx('investors').whereIn('user_id', users).select('investor_id', 'user_id')) as Array<{ investor_id: string; user_id: string }>) existing.set(r.user_id, r.investor_id);
  }
  // One new code per member without one, one per anonymous payment.
  const fresh: Array<{ user: string | null; payments: PaidPayment[] }> = [];
  const freshByUser = new Map<string, { user: string | null; payments: PaidPayment[] }>();
  for (const p of need) {
    const code = p.userId ? existing.get(p.userId) : undefined;
    if (code) {
      out.set(p.sessionId, code);
      continue;
    }
    const group = p.userId ? freshByUser.get(p.userId) : undefined;
    if (group) group.payments.push(p);
    else {
      const g = { user: p.userId, payments: [p] };
      fresh.push(g);
      if (p.userId) freshByUser.set(p.userId, g);
    }
  }
  if (fresh.length) {
    const { rows } = (await trx.raw(`SELECT nextval('investor_code_seq') AS n FROM generate_series(1, ?)`, [fresh.length])) as { rows: Array<{ n: string }> };
    const codes = rows.map((r) => Number(r.n)).sort((a, b) => a - b).map(investorCode);
    fresh.forEach((g, i) => g.payments.forEach((p) => out.set(p.sessionId, codes[i]!)));
    await trx('investors').insert(fresh.map((g, i) => ({ investor_id: codes[i], user_id: g.user })));
  }
  return out;
}
