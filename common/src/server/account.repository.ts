import type { Knex } from 'knex';
import { fromBase64, toBase64 } from '../domain/base64';
import { MONEY_RECEIVED_STATUSES, type PaymentKind, type PaymentStatus } from '../domain/payments';
import type { PayerRef } from '../domain/receipts';
import type { TAccountHoldings, TAccountOverview, TAccountPayment, TAccountPaymentPage } from '../schemas/account';

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
  amount_cents: string | number;
  refunded_cents: string | number | null;
  status: PaymentStatus;
  receipt_code: string;
  /** A Date from a row; from the overview's JSON, the text toISOString writes (see {@link paymentJson}). */
  date: Date | string;
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
    date: typeof r.date === 'string' ? r.date : r.date.toISOString(),
    tokens: r.tokens,
    tokens_per_dollar: r.tokens_per_dollar === null ? null : String(Number(r.tokens_per_dollar)),
    investor_id: r.investor_id,
  };
};

/** The payer's newest `limit` + 1 payments after the (created_at, id) `after`, as SQL (the extra row tells a next page). */
function pageSql(p: PayerRef, after: [string, string] | null, limit: number): { sql: string; bindings: unknown[] } {
  const u = unionOf(p, after ? 'AND (t.created_at, t.id) < (?::timestamptz, ?::uuid)' : '', after ?? [], limit + 1);
  return { sql: `SELECT * FROM (${u.sql}) AS u ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`, bindings: u.bindings };
}

/** The page of `limit` payments that `rows` (up to `limit` + 1, newest first) start with. */
function pageOf(rows: Row[], limit: number): TAccountPaymentPage {
  const page = rows.slice(0, limit);
  return { payments: page.map(toPayment), next: rows.length > limit ? cursorOf(page[page.length - 1]!) : null };
}

/** One page of a payer's payments, newest first, after `cursor` (a cursor that is not ours reads as the first page). */
export async function listPayments(db: Knex, p: PayerRef, opts: { cursor?: string | undefined; limit: number }): Promise<TAccountPaymentPage> {
  const q = pageSql(p, opts.cursor ? parseCursor(opts.cursor) : null, opts.limit);
  const { rows } = (await db.raw(q.sql, q.bindings as Knex.RawBinding[])) as { rows: Row[] };
  return pageOf(rows, opts.limit);
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

/** The year (UTC) of a payment, as the *_paid_year_idx indexes state it. */
const YEAR = `(extract(year FROM t.paid_at AT TIME ZONE 'UTC')::int)`;

/**
 * The CTE `years(y)`: the years in which the payer paid something, newest first, then a NULL (the same rows as a
 * statement's, `STATEMENT_FILTER`). Read on every account page, so a skip scan of the *_paid_year_idx indexes: each
 * step asks each table for its newest year before the last one found (one index probe each, Postgres's min/max
 * plan), so a member who paid in three years costs twelve probes however many payments they made.
 */
function yearsCte(p: PayerRef): { sql: string; bindings: unknown[] } {
  const [owner, ownerValue] = who(p);
  const newest = (before: string) =>
    `greatest(${BRANCHES.map((b) => `(SELECT max(${YEAR}) FROM ${b.table} t WHERE ${owner} AND t.${b.status} NOT IN ('failed', 'expired') ${STATEMENT_FILTER}${before})`).join(', ')})`;
  return {
    sql: `years(y) AS (SELECT ${newest('')} UNION ALL SELECT ${newest(` AND ${YEAR} < years.y`)} FROM years WHERE years.y IS NOT NULL)`,
    bindings: [...BRANCHES.map(() => ownerValue), ...BRANCHES.map(() => ownerValue)],
  };
}

/** The years in which the payer paid something, newest first. */
export async function statementYears(db: Knex, p: PayerRef): Promise<number[]> {
  const years = yearsCte(p);
  const { rows } = (await db.raw(`WITH RECURSIVE ${years.sql} SELECT y FROM years WHERE y IS NOT NULL ORDER BY y DESC`, years.bindings as Knex.RawBinding[])) as { rows: Array<{ y: number }> };
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

/** The tables that hold investor IDs a member paid under: their own ID, and those on their donations and investments. */
const INVESTOR_SOURCES = ['investors', 'donations', 'investments'];
/**
 * The CTE `ids(id)`: the investor IDs the member paid under, ascending, then a NULL. A skip scan like
 * {@link yearsCte}: a step is one probe of each table's user_id index. (Asked as a UNION, the planner guessed hundreds
 * of IDs and hashed the whole ledger, or JIT-compiled the plan.)
 */
const IDS_CTE = (() => {
  const next = (after: string) => `least(${INVESTOR_SOURCES.map((table) => `(SELECT min(investor_id) FROM ${table} WHERE user_id = ? AND investor_id IS NOT NULL${after})`).join(', ')})`;
  return `ids(id) AS (SELECT ${next('')} UNION ALL SELECT ${next(' AND investor_id > ids.id')} FROM ids WHERE ids.id IS NOT NULL)`;
})();

/** A payment row of {@link unionOf} as a JSON object with a Row's fields; `date` as toISOString writes it (UTC, milliseconds). */
const paymentJson = `json_build_object('kind', u.kind, 'id', u.id, 'amount_cents', u.amount_cents, 'refunded_cents', u.refunded_cents, 'status', u.status,
  'receipt_code', u.receipt_code, 'date', to_char(u.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'tokens', u.tokens,
  'tokens_per_dollar', u.tokens_per_dollar, 'investor_id', u.investor_id, 'created_text', u.created_text)`;

/** Payments made signed out with the address `?` (lowercased) that no account holds yet (0 for a NULL address). */
const CLAIMABLE = `(SELECT count(*) FROM donations WHERE user_id IS NULL AND lower(payer_email) = ? AND status NOT IN ('failed', 'expired'))
  + (SELECT count(*) FROM program_payments WHERE user_id IS NULL AND lower(payer_email) = ? AND status NOT IN ('failed', 'expired'))`;

/** The member's holdings from their investor IDs (ascending) and each one's ledger sum and row count. */
function holdingsOf(ids: string[], ledger: Array<{ investor_id: string; tokens: string; rows: number }>): TAccountHoldings {
  const found = new Map(ledger.map((r) => [r.investor_id, r]));
  const investors = [...ids].sort().map((id) => ({ investor_id: id, tokens: String(Number(found.get(id)?.tokens ?? 0)), rows: found.get(id)?.rows ?? 0 }));
  return { total_tokens: String(investors.reduce((sum, r) => sum + Number(r.tokens), 0)), investors };
}

/**
 * Everything the member's account page opens with, in one statement (one round trip, prepared once per connection):
 * their ADX holdings (their ledger rows, reversals included, summed per investor ID they paid under), the first
 * `limit` of their payments, the years they have statements for, and how many payments made signed out with
 * `email` they could claim. Apart from the ledger rows summed, every part reads at most a page of index entries, so
 * the statement costs the same for a member with ten payments or ten thousand, and its estimated cost stays far below
 * jit_above_cost (a plan past it is JIT-compiled on every call, for longer than the statement runs).
 */
export async function accountOverview(db: Knex, userId: string, email: string | null, limit: number): Promise<Omit<TAccountOverview, 'email'>> {
  const years = yearsCte({ userId });
  const page = pageSql({ userId }, null, limit);
  const wanted = `ARRAY(SELECT id FROM ids WHERE id IS NOT NULL)`;
  const address = email ? email.toLowerCase() : null;
  const { rows } = (await db
    .raw(
      `WITH RECURSIVE ${IDS_CTE}, ${years.sql}
       SELECT ${wanted} AS investor_ids,
         (SELECT json_agg(json_build_object('investor_id', investor_id, 'tokens', tokens, 'rows', rows)) FROM (
            SELECT investor_id, sum(tokens_to_be_distributed)::text AS tokens, count(*)::int AS rows
            FROM token_purchases WHERE investor_id = ANY(${wanted}) GROUP BY investor_id) h) AS ledger,
         (SELECT json_agg(${paymentJson} ORDER BY u.created_at DESC, u.id DESC) FROM (${page.sql}) u) AS payments,
         ARRAY(SELECT y FROM years WHERE y IS NOT NULL ORDER BY y DESC) AS statement_years,
         (${CLAIMABLE})::int AS claimable`,
      [...INVESTOR_SOURCES.map(() => userId), ...INVESTOR_SOURCES.map(() => userId), ...years.bindings, ...page.bindings, address, address] as Knex.RawBinding[],
    )
    .options({ name: `account_overview_${limit}` })) as {
    rows: Array<{ investor_ids: string[]; ledger: Array<{ investor_id: string; tokens: string; rows: number }> | null; payments: Row[] | null; statement_years: number[]; claimable: number }>;
  };
  const r = rows[0]!;
  return { holdings: holdingsOf(r.investor_ids, r.ledger ?? []), page: pageOf(r.payments ?? [], limit), statement_years: r.statement_years, claimable: r.claimable };
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
