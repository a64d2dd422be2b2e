import type { Knex } from 'knex';
import { centsToDollars, investorCode, type PaymentKind, type PaymentStatus } from '../../domain/payments';
import type { TLedgerRow } from '../../schemas/ledger';
import { confirmSeats, type SeatOutcome } from '../program/seats.repository';
import { pgQuery } from '../db';

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
 * Locks payment rows of one table of LOCK_ORDER by id, in id order, and returns them. Each id is its own lookup through
 * the primary key (a parameterised scan inside the nested loop): as `id IN (…)`, the planner reads a batch's 50 ids
 * by scanning the whole table once it holds a few thousand rows, and compares every row with every id.
 */
export async function lockPaymentRows<T>(trx: Knex.Transaction, table: string, ids: string[]): Promise<T[]> {
  if (!LOCK_ORDER.includes(table)) throw new Error(`not a payment table: ${table}`);
  const sql = `SELECT p.* FROM unnest(?::uuid[]) WITH ORDINALITY AS w(id, n) CROSS JOIN LATERAL (SELECT * FROM ${table} t WHERE t.id = w.id FOR UPDATE) p ORDER BY w.n`;
  const { rows } = (await trx.raw(sql, [[...ids].sort()])) as { rows: T[] };
  return rows;
}

/** An UPDATE's FROM that reaches each row of `table` by the id in `params`' first array, through the primary key. */
const byKey = (table: string, params: string, columns: string[]) =>
  `FROM (SELECT ${columns.map((c) => `v.${c}`).join(', ')}, r.tid FROM unnest(${params}) AS v(id, ${columns.join(', ')}) CROSS JOIN LATERAL (SELECT ctid AS tid FROM ${table} WHERE id = v.id OFFSET 0) r) AS v WHERE t.ctid = v.tid`;

/**
 * recordPaid's statements, each step a data-modifying WITH query over arrays (an empty one does nothing), so that their
 * text is the same for one payment or a batch and each is prepared once per connection. MARK_PAID: the payments marked
 * paid, one UPDATE per table of LOCK_ORDER ($1–$8). RECORD_PAID adds the new investor codes ($9, $10) and the ledger
 * rows ($11–$16); the investors' foreign keys are checked at the statement's end, after the new codes are in. Payments
 * without tokens use MARK_PAID, which leaves the ledger's tables alone (not even a lock on them).
 * Each payment row is looked up by id in the primary key inside a lateral subquery (as the other batch statements do),
 * and the UPDATE takes it by the `ctid` found there: the planner can then only pair each id with its row, whatever the
 * table's size when the connection planned the statement. A join on the id itself was planned as a hash join over a
 * scan of the whole table on an empty database, and a range on it (`t.id >= v.id AND t.id <= v.id`, estimated to match
 * many rows) as a nested loop over the whole table at a few thousand rows; both plans outlived the tables' growth.
 * The caller holds every row (locked, or inserted by its transaction), so no row changes its `ctid` meanwhile.
 */
const PAID_PAYMENTS = `paid_donations AS (UPDATE donations AS t SET status = 'paid', paid_at = now(), checkout_session_id = v.sid, updated_at = now(), investor_id = coalesce(v.inv, t.investor_id)
      ${byKey('donations', '$1::uuid[], $2::text[], $3::text[]', ['sid', 'inv'])}),
    paid_investments AS (UPDATE investments AS t SET payment_status = 'paid', paid_at = now(), checkout_session_id = v.sid, updated_at = now(), investor_id = coalesce(v.inv, t.investor_id)
      ${byKey('investments', '$4::uuid[], $5::text[], $6::text[]', ['sid', 'inv'])}),
    paid_program_payments AS (UPDATE program_payments AS t SET status = 'paid', paid_at = now(), checkout_session_id = v.sid, updated_at = now()
      ${byKey('program_payments', '$7::uuid[], $8::text[]', ['sid'])})`;
const MARK_PAID = `WITH ${PAID_PAYMENTS} SELECT 1 WHERE false`;
const RECORD_PAID = `WITH ${PAID_PAYMENTS},
    new_investors AS (INSERT INTO investors (investor_id, user_id) SELECT * FROM unnest($9::text[], $10::uuid[]))
  INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, tokens_per_dollar, source, payment_reference)
    SELECT inv, current_date, usd, tokens, rate, src, ref FROM unnest($11::text[], $12::numeric[], $13::numeric[], $14::numeric[], $15::text[], $16::text[]) AS p(inv, usd, tokens, rate, src, ref)
  ON CONFLICT (payment_reference) DO NOTHING
  RETURNING investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, created_at, payment_reference`;

/**
 * Marks pending payments paid and appends the ledger row of each that buys tokens, in one statement (RECORD_PAID or
 * MARK_PAID) whatever the number of payments: a checkout event passes one, the burst path a whole batch. Investor
 * codes: a member's existing one, else one new code per member, and a new one for each anonymous payment. A second
 * run appends nothing (UNIQUE payment_reference: the session id). Returns what it decided, by session id.
 */
export async function recordPaid(trx: Knex.Transaction, payments: PaidPayment[]): Promise<Map<string, Recorded>> {
  const withTokens = payments.filter((p) => p.tokens);
  const { investorOf, newInvestors } = await assignInvestors(trx, withTokens);
  const inTable = (table: string) => payments.filter((p) => PAYMENT_TABLES[p.kind].table === table);
  const [donations, investments, programPayments] = [inTable('donations'), inTable('investments'), inTable('program_payments')];
  const paid = [...[donations, investments].flatMap((mine) => [mine.map((p) => p.rowId), mine.map((p) => p.sessionId), mine.map((p) => investorOf.get(p.sessionId) ?? null)]), programPayments.map((p) => p.rowId), programPayments.map((p) => p.sessionId)];
  const inserted = withTokens.length
    ? await pgQuery<Omit<TLedgerRow, 'created_at'> & { created_at: Date; payment_reference: string }>(trx, {
        name: 'record_paid',
        text: RECORD_PAID,
        values: [
          ...paid,
          newInvestors.map((i) => i.investor_id),
          newInvestors.map((i) => i.user_id),
          withTokens.map((p) => investorOf.get(p.sessionId)),
          withTokens.map((p) => centsToDollars(p.amountCents)),
          withTokens.map((p) => p.tokens),
          withTokens.map((p) => p.rate ?? null),
          withTokens.map((p) => (p.kind === 'investment' ? 'investment' : 'donation')),
          withTokens.map((p) => p.sessionId),
        ],
      })
    : payments.length
      ? await pgQuery<never>(trx, { name: 'mark_paid', text: MARK_PAID, values: paid })
      : [];
  const ledger = new Map<string, TLedgerRow>();
  for (const { payment_reference, ...r } of inserted) ledger.set(payment_reference, { ...r, created_at: r.created_at.toISOString() });
  // Paid enrolments take their seats (after their payment rows, the lock order everywhere).
  const seats = await confirmSeats(trx, payments.filter((p) => p.kind === 'program').map((p) => p.rowId));
  return new Map(
    payments.map((p) => {
      const seat = seats.get(p.rowId);
      return [p.sessionId, { investorId: investorOf.get(p.sessionId) ?? p.investorId, ledgerRow: ledger.get(p.sessionId) ?? null, ...(seat ? { seat } : {}) }];
    }),
  );
}

/**
 * The investor code of each payment that buys tokens, by session id, and the investors rows to insert for the codes
 * that do not exist yet (recordPaid writes them in its statement).
 */
async function assignInvestors(trx: Knex.Transaction, payments: PaidPayment[]): Promise<{ investorOf: Map<string, string>; newInvestors: Array<{ investor_id: string; user_id: string | null }> }> {
  const out = new Map<string, string>();
  const need: PaidPayment[] = [];
  for (const p of payments) {
    if (p.investorId) out.set(p.sessionId, p.investorId);
    else need.push(p);
  }
  if (!need.length) return { investorOf: out, newInvestors: [] };
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
  if (!fresh.length) return { investorOf: out, newInvestors: [] };
  const { rows } = (await trx.raw(`SELECT nextval('investor_code_seq') AS n FROM generate_series(1, ?)`, [fresh.length])) as { rows: Array<{ n: string }> };
  const codes = rows.map((r) => Number(r.n)).sort((a, b) => a - b).map(investorCode);
  fresh.forEach((g, i) => g.payments.forEach((p) => out.set(p.sessionId, codes[i]!)));
  return { investorOf: out, newInvestors: fresh.map((g, i) => ({ investor_id: codes[i]!, user_id: g.user })) };
}
