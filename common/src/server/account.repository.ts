import type { Knex } from 'knex';
import { fromBase64, toBase64 } from '../domain/base64';
import { MONEY_RECEIVED_STATUSES, type PaymentKind, type PaymentStatus } from '../domain/payments';
import type { PayerRef } from '../domain/receipts';
import type { TAccountPayment, TAccountPaymentPage } from '../schemas/account';

/**
 * A payer's payments across the three payment tables, newest first, paged by a keyset cursor (created_at, id): each
 * branch reads its table's (user_id | lower(payer_email), created_at DESC, id DESC) index for at most one page, so a
 * page costs the same however many payments the payer has. Failed and expired checkouts are no payments made.
 */
const BRANCHES: ReadonlyArray<{ table: string; kind: string; status: string; tokens: string }> = [
  { table: 'donations', kind: "'donation'", status: 'status', tokens: 't.adx_tokens' },
  { table: 'program_payments', kind: 't.kind', status: 'status', tokens: 'NULL::numeric' },
  { table: 'investments', kind: "'investment'", status: 'payment_status', tokens: 't.adx_tokens' },
];

interface Row {
  kind: PaymentKind;
  id: string;
  amount_cents: string;
  refunded_cents: string | null;
  status: PaymentStatus;
  receipt_code: string;
  date: Date;
  tokens: string | null;
  tokens_per_dollar: string | null;
  investor_id: string | null;
  created_text: string;
}

const who = (p: PayerRef): [string, string] => ('userId' in p ? ['t.user_id = ?', p.userId] : ['lower(t.payer_email) = ?', p.email.toLowerCase()]);

/** The union over the three tables of the payer's payments matching `extra` (SQL on alias t, with its bindings). */
function unionOf(p: PayerRef, extra: string, bindings: unknown[], limit: number | null): { sql: string; bindings: unknown[] } {
  const [owner, ownerValue] = who(p);
  const parts = BRANCHES.map(
    (b) => `(SELECT ${b.kind} AS kind, t.id, t.amount_cents, c.refunded_cents, t.${b.status} AS status, t.receipt_code,
        coalesce(t.paid_at, t.created_at) AS date, ${b.tokens}::text AS tokens,
        ${b.table === 'program_payments' ? 'NULL' : 't.tokens_per_dollar'}::text AS tokens_per_dollar,
        ${b.table === 'program_payments' ? 'NULL' : 't.investor_id'} AS investor_id, t.created_at, t.created_at::text AS created_text
      FROM ${b.table} t LEFT JOIN payment_charges c ON c.kind = ${b.kind} AND c.row_id = t.id
      WHERE ${owner} AND t.${b.status} NOT IN ('failed', 'expired') ${extra}
      ORDER BY t.created_at DESC, t.id DESC ${limit === null ? '' : `LIMIT ${limit}`})`,
  );
  return { sql: parts.join(' UNION ALL '), bindings: BRANCHES.flatMap(() => [ownerValue, ...bindings]) };
}

const b64url = (s: string) => toBase64(new TextEncoder().encode(s)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The cursor after `row`: its exact created_at (as Postgres writes it, microseconds kept) and id. */
const cursorOf = (row: Row) => b64url(`${row.created_text}|${row.id}`);

/** The (created_at, id) a cursor names, or null for one that is not ours. */
function parseCursor(cursor: string): [string, string] | null {
  try {
    const text = new TextDecoder().decode(fromBase64(cursor.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (cursor.length % 4)) % 4)));
    const m = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|([0-9a-f-]{36})$/.exec(text);
    return m ? [m[1]!, m[2]!] : null;
  } catch {
    return null;
  }
}

const toPayment = (r: Row): TAccountPayment => {
  const amount = Number(r.amount_cents);
  return {
    kind: r.kind,
    id: r.id,
    amount_cents: amount,
    // A lost dispute took it all back without a refund amount; a refund never gives back more than was paid.
    refunded_cents: r.status === 'refunded' ? amount : Math.min(Number(r.refunded_cents ?? 0), amount),
    status: r.status as TAccountPayment['status'],
    receipt_code: r.receipt_code,
    date: r.date.toISOString(),
    tokens: r.tokens,
    tokens_per_dollar: r.tokens_per_dollar === null ? null : String(Number(r.tokens_per_dollar)),
    investor_id: r.investor_id,
  };
};

/** One page of a payer's payments, newest first, after `cursor` (a cursor that is not ours reads as the first page). */
export async function listPayments(db: Knex, p: PayerRef, opts: { cursor?: string | undefined; limit: number }): Promise<TAccountPaymentPage> {
  const after = opts.cursor ? parseCursor(opts.cursor) : null;
  const extra = after ? 'AND (t.created_at, t.id) < (?::timestamptz, ?::uuid)' : '';
  const u = unionOf(p, extra, after ?? [], opts.limit + 1);
  const { rows } = (await db.raw(`SELECT * FROM (${u.sql}) AS u ORDER BY created_at DESC, id DESC LIMIT ${opts.limit + 1}`, u.bindings as Knex.RawBinding[])) as { rows: Row[] };
  const page = rows.slice(0, opts.limit);
  return { payments: page.map(toPayment), next: rows.length > opts.limit ? cursorOf(page[page.length - 1]!) : null };
}

/** One of the payer's payments (undefined: none, or someone else's). */
export async function findPayerPayment(db: Knex, p: PayerRef, kind: PaymentKind, id: string): Promise<TAccountPayment | undefined> {
  const u = unionOf(p, 'AND t.id = ?', [id], null);
  const { rows } = (await db.raw(`SELECT * FROM (${u.sql}) AS u WHERE kind = ?`, [...u.bindings, kind] as Knex.RawBinding[])) as { rows: Row[] };
  return rows[0] ? toPayment(rows[0]) : undefined;
}

/** Any payment by kind and id, as its payer sees it (the receipt renderer's facts). */
export async function paymentForReceipt(db: Knex, kind: PaymentKind, id: string): Promise<(TAccountPayment & { payer: PayerRef | null }) | undefined> {
  const table = BRANCHES.find((b) => b.table === (kind === 'donation' ? 'donations' : kind === 'investment' ? 'investments' : 'program_payments'))!.table;
  const row = (await db(table).where({ id }).first('user_id', 'payer_email')) as { user_id: string | null; payer_email: string | null } | undefined;
  if (!row) return undefined;
  const payer: PayerRef | null = row.user_id ? { userId: row.user_id } : row.payer_email ? { email: row.payer_email } : null;
  const payment = payer ? await findPayerPayment(db, payer, kind, id) : undefined;
  return payment && { ...payment, payer };
}

/** Statuses a statement lists: money that arrived (its refunds shown beside it). */
const STATEMENT_FILTER = `AND t.paid_at IS NOT NULL`;

/**
 * The years in which the payer paid something, newest first. Read on every account page, so only the dates: no
 * refunds joined in and no page ordering (the same rows as a statement's, `STATEMENT_FILTER`).
 */
export async function statementYears(db: Knex, p: PayerRef): Promise<number[]> {
  const [owner, ownerValue] = who(p);
  // The year expression and the filters as the *_paid_year_idx indexes state them (an index-only scan each).
  const parts = BRANCHES.map((b) => `SELECT (extract(year FROM t.paid_at AT TIME ZONE 'UTC')::int) AS y FROM ${b.table} t WHERE ${owner} AND t.${b.status} NOT IN ('failed', 'expired') ${STATEMENT_FILTER}`);
  const { rows } = (await db.raw(`SELECT DISTINCT y FROM (${parts.join(' UNION ALL ')}) AS u ORDER BY y DESC`, BRANCHES.map(() => ownerValue))) as { rows: Array<{ y: number }> };
  return rows.map((r) => r.y);
}

/** Everything paid in `year` (UTC), oldest first, and a version that changes with any new payment, refund or dispute in it. */
export async function statementOf(db: Knex, p: PayerRef, year: number): Promise<{ payments: TAccountPayment[]; version: string }> {
  const u = unionOf(p, `${STATEMENT_FILTER} AND t.paid_at >= make_timestamptz(?, 1, 1, 0, 0, 0, 'UTC') AND t.paid_at < make_timestamptz(?, 1, 1, 0, 0, 0, 'UTC')`, [year, year + 1], null);
  const { rows } = (await db.raw(`SELECT * FROM (${u.sql}) AS u ORDER BY date, id`, u.bindings as Knex.RawBinding[])) as { rows: Row[] };
  const payments = rows.map(toPayment).filter((r) => MONEY_RECEIVED_STATUSES.includes(r.status));
  const facts = payments.map((r) => `${r.id}:${r.status}:${r.refunded_cents}`).join(',');
  let h = 0;
  for (let i = 0; i < facts.length; i++) h = (Math.imul(h, 31) + facts.charCodeAt(i)) | 0;
  return { payments, version: `${payments.length}-${(h >>> 0).toString(36)}` };
}

/**
 * The member's ADX holdings: their ledger rows (reversals included) summed per investor ID they paid under. Two
 * statements: with the IDs known, the planner reads each one's rows through the investor index; asked in one
 * statement it guessed hundreds of IDs and chose a hash of the whole ledger (or, as a lateral join, a plan costly
 * enough to be JIT-compiled on every call).
 */
export async function holdingsOf(db: Knex, userId: string): Promise<{ total_tokens: string; investors: Array<{ investor_id: string; tokens: string; rows: number }> }> {
  const ids = (await db.raw(
    `SELECT investor_id FROM investors WHERE user_id = ?
     UNION SELECT investor_id FROM donations WHERE user_id = ? AND investor_id IS NOT NULL
     UNION SELECT investor_id FROM investments WHERE user_id = ? AND investor_id IS NOT NULL`,
    [userId, userId, userId],
  )) as { rows: Array<{ investor_id: string }> };
  const wanted = ids.rows.map((r) => r.investor_id).sort();
  if (!wanted.length) return { total_tokens: '0', investors: [] };
  const { rows } = (await db.raw(
    `SELECT investor_id, sum(tokens_to_be_distributed)::text AS tokens, count(*)::int AS rows
     FROM token_purchases WHERE investor_id = ANY(?::text[]) GROUP BY investor_id`,
    [wanted],
  )) as { rows: Array<{ investor_id: string; tokens: string; rows: number }> };
  const found = new Map(rows.map((r) => [r.investor_id, r]));
  const investors = wanted.map((id) => ({ investor_id: id, tokens: String(Number(found.get(id)?.tokens ?? 0)), rows: found.get(id)?.rows ?? 0 }));
  return { total_tokens: String(investors.reduce((sum, r) => sum + Number(r.tokens), 0)), investors };
}

/** Payments made signed out with this address that no account holds yet. */
export async function claimableCount(db: Knex, email: string): Promise<number> {
  const { rows } = (await db.raw(
    `SELECT (SELECT count(*) FROM donations WHERE user_id IS NULL AND lower(payer_email) = ? AND status NOT IN ('failed', 'expired'))
          + (SELECT count(*) FROM program_payments WHERE user_id IS NULL AND lower(payer_email) = ? AND status NOT IN ('failed', 'expired')) AS n`,
    [email.toLowerCase(), email.toLowerCase()],
  )) as { rows: Array<{ n: string }> };
  return Number(rows[0]!.n);
}

/** Joins to the member's account the payments made signed out with `email` (the caller proved they read that address). */
export async function claimPayments(db: Knex, userId: string, email: string): Promise<number> {
  return db.transaction(async (trx) => {
    let claimed = 0;
    for (const table of ['donations', 'program_payments']) {
      claimed += await trx(table).whereNull('user_id').whereRaw('lower(payer_email) = ?', [email.toLowerCase()]).whereNotIn('status', ['failed', 'expired']).update({ user_id: userId, updated_at: trx.fn.now() });
    }
    return claimed;
  });
}
