import type { Knex } from 'knex';
import { LEDGER_CURSOR, type TLedgerPage, type TLedgerQuery, type TLedgerRow, type TLedgerSummary } from '../schemas/ledger';
import { toCount } from './db';

interface LedgerRowDb {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  created_at: Date;
  /** The row's position (see LEDGER_CURSOR), built in SQL so the microseconds of created_at survive. */
  cursor: string;
  /** A reversal row (a refund or lost dispute taking a purchase back, issue 13). */
  reversal: boolean;
  /** A purchase that a reversal row takes back. */
  reversed: boolean;
  /** The unsearched ledger's record count (ledger_totals), read in the same statement. */
  total?: string;
}

const PUBLIC_COLUMNS = ['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at'];
const CURSOR_SQL = `purchase_date::text || '_' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id AS cursor`;
/**
 * Refunded purchases and their reversal rows are marked (issue 13), so nobody reads a negative row as a purchase.
 * Asked in the page's own statement: `reverses_id` is read from each of the page's rows, and whether a row is taken
 * back is one probe per row of the partial index on reverses_id (reversal rows are few).
 */
const MARKERS_SQL = [
  'reverses_id IS NOT NULL AS reversal',
  // LIMIT 1 keeps it a probe per row: without it the planner may hash the whole table's reverses_id instead.
  'EXISTS (SELECT 1 FROM token_purchases AS r WHERE r.reverses_id = token_purchases.id AND r.reverses_id IS NOT NULL LIMIT 1) AS reversed',
];
/** The record count for an unsearched page, as a scalar subquery evaluated once per statement. */
const TOTAL_SQL = '(SELECT records FROM ledger_totals) AS total';
/** The display order's key; token_purchases_order_idx has exactly these columns, all descending. */
const KEY = '(purchase_date, created_at, id)';

/**
 * LIKE pattern for the investor-ID search: IDs that start with what was typed, case-insensitive
 * (IDs are stored upper-case). A prefix match can use a b-tree range scan; a substring match over a
 * million codes that all share 'ADX' cannot be made fast (see docs/benchmarks.md).
 */
export function prefixPattern(search: string): string {
  return `${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function toPublicRow(r: LedgerRowDb): TLedgerRow {
  return {
    investor_id: r.investor_id,
    purchase_date: r.purchase_date,
    investment_amount_usd: r.investment_amount_usd,
    tokens_to_be_distributed: r.tokens_to_be_distributed,
    created_at: r.created_at.toISOString(),
    ...(r.reversal ? { marker: 'reversal' as const } : r.reversed ? { marker: 'reversed' as const } : {}),
  };
}

/** The (date, timestamp, id) triple of a cursor the schema already validated. */
function keyOf(cursor: string): [string, string, string] {
  const m = LEDGER_CURSOR.exec(cursor);
  if (!m) throw new Error(`not a ledger cursor: ${cursor}`);
  return [m[1]!, m[2]!, m[3]!];
}

/**
 * One page of the public ledger, newest purchase first, optionally filtered by investor-ID prefix. Keyset paged:
 * the page starts at a row position (`after` / `before`), which the order index finds directly, so a deep page
 * reads pageSize + 1 index entries like the first one does (OFFSET would walk every row before it).
 */
export async function listLedger(db: Knex, q: TLedgerQuery): Promise<TLedgerPage> {
  const filtered = (qb: Knex.QueryBuilder) => (q.search ? qb.whereLike('investor_id', prefixPattern(q.search)) : qb);
  const backwards = !q.after && q.before !== undefined;
  const from = q.after ?? q.before;
  // One statement per page: the rows, their markers and (unsearched) the record count.
  const columns = [...PUBLIC_COLUMNS, db.raw(CURSOR_SQL), ...MARKERS_SQL.map((m) => db.raw(m)), ...(q.search ? [] : [db.raw(TOTAL_SQL)])];
  let query = filtered(db('token_purchases').select(columns));
  if (from) query = query.whereRaw(`${KEY} ${backwards ? '>' : '<'} (?::date, ?::timestamptz, ?::bigint)`, keyOf(from));
  const dir = backwards ? 'asc' : 'desc';
  const found = (await query
    .orderBy([
      { column: 'purchase_date', order: dir },
      { column: 'created_at', order: dir },
      { column: 'id', order: dir },
    ])
    .limit(q.pageSize + 1)) as LedgerRowDb[];
  // One row more than a page tells whether there is another page in the direction read.
  const more = found.length > q.pageSize;
  const rows = found.slice(0, q.pageSize);
  if (backwards) rows.reverse();
  const first = !from || (backwards && !more);
  const page = first ? 1 : q.page;
  let total: number;
  if (!q.search) {
    // The trigger-maintained record count: O(1) instead of counting a million rows, read with the rows (a page past
    // the end has no row to carry it: then asked on its own).
    const n = found[0]?.total ?? ((await db('ledger_totals').select({ n: 'records' }).first()) as { n: string }).n;
    total = toCount(n);
  } else if (first && !more) {
    total = rows.length; // a first page that is also the last tells the total without counting
  } else {
    total = toCount(((await filtered(db('token_purchases').count({ n: '*' })).first()) as { n: string }).n);
  }
  const hasNext = backwards ? from !== undefined : more;
  return {
    rows: rows.map(toPublicRow),
    total,
    page,
    pageSize: q.pageSize,
    search: q.search,
    nextCursor: hasNext && rows.length > 0 ? rows[rows.length - 1]!.cursor : null,
    prevCursor: !first && rows.length > 0 ? rows[0]!.cursor : null,
  };
}

/** The public summary: number of records, total USD and total tokens, exact decimals as strings. */
export async function ledgerSummary(db: Knex): Promise<TLedgerSummary> {
  const row = (await db('ledger_totals')
    // Reversal rows (refunds, lost disputes) are records but not investors; they are few, and counted on a partial index.
    .select(db.raw('records - (SELECT count(*) FROM token_purchases WHERE reverses_id IS NOT NULL) AS records'), db.raw('investment_amount_usd::text AS usd'), db.raw('tokens::text AS tokens'))
    .first()) as { records: string; usd: string; tokens: string } | undefined;
  if (!row) throw new Error('ledger_totals row is missing: run the migrations');
  return { totalInvestors: toCount(row.records), totalInvestmentUsd: row.usd, totalTokens: row.tokens };
}

/** The same summary recomputed from every row: used to verify the running totals. */
export async function recomputeLedgerSummary(db: Knex): Promise<TLedgerSummary> {
  const row = (await db('token_purchases')
    .select(
      db.raw('count(*) FILTER (WHERE reverses_id IS NULL) AS records'),
      db.raw('coalesce(sum(investment_amount_usd), 0)::numeric(20,2)::text AS usd'),
      db.raw('coalesce(sum(tokens_to_be_distributed), 0)::numeric(32,8)::text AS tokens'),
    )
    .first()) as { records: string; usd: string; tokens: string };
  return { totalInvestors: toCount(row.records), totalInvestmentUsd: row.usd, totalTokens: row.tokens };
}

/** Fields of a new ledger row. Amounts are decimal strings. */
export interface NewLedgerRow {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  source: 'admin' | 'investment' | 'donation' | 'seed';
  payment_reference?: string | null;
  created_by?: string | null;
}

/**
 * Appends ledger rows. Rows whose payment_reference already exists are skipped (a replay is a no-op);
 * returns how many rows were written.
 */
export async function appendLedgerRows(db: Knex, rows: NewLedgerRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db('token_purchases')
    .insert(rows.map((r) => ({ ...r, investor_id: r.investor_id.toUpperCase() })))
    .onConflict('payment_reference')
    .ignore()
    .returning('id');
  return result.length;
}
