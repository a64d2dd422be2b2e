import type { Knex } from 'knex';
import type pg from 'pg';
import { parseLedgerCursor } from '../domain/ledger-cursor';
import { type TLedgerPage, type TLedgerQuery, type TLedgerRow, type TLedgerSummary } from '../schemas/ledger';
import { Coalescer } from './coalesce';
import { toCount } from './db';
import { appendToLog } from './tlog.repository';

interface LedgerRowDb {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  /**
   * created_at as ISO 8601 with milliseconds, formatted in SQL (what Date#toISOString gives; no Date per row). Not
   * named created_at: ORDER BY would then sort by this text instead of walking the order index.
   */
  created_iso: string;
  /** The row's position (see domain/ledger-cursor.ts), built in SQL so the microseconds of created_at survive. */
  cursor: string;
  /** A reversal row (a refund or lost dispute taking a purchase back: docs/decisions/0001-money-moves-back.md). */
  reversal: boolean;
  /** A purchase that a reversal row takes back. */
  reversed: boolean;
  /** The unsearched ledger's record count (ledger_totals), read in the same statement. */
  total?: string;
  /** A searched prefix's matches, counted up to SEARCH_SORT_CAP + 1 (searchPageSql). */
  matched?: string;
}

/**
 * The page's columns. Refunded purchases and their reversal rows are marked, so nobody reads a negative
 * row as a purchase: `reverses_id` is read from each of the page's rows, and whether a row is taken back is one probe
 * per row of the partial index on reverses_id (reversal rows are few; LIMIT 1 keeps it a probe: without it the
 * planner may hash the whole table's reverses_id instead).
 */
const PAGE_COLUMNS = `investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_iso,
  purchase_date::text || '_' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id AS cursor,
  reverses_id IS NOT NULL AS reversal,
  EXISTS (SELECT 1 FROM token_purchases AS r WHERE r.reverses_id = token_purchases.id AND r.reverses_id IS NOT NULL LIMIT 1) AS reversed`;
/** The record count for an unsearched page, as a scalar subquery evaluated once per statement. */
const TOTAL_SQL = '(SELECT records FROM ledger_totals) AS total';
/** The display order's key; token_purchases_order_idx has exactly these columns, all descending. */
const KEY = '(purchase_date, created_at, id)';

type From = 'start' | 'after' | 'before';

/**
 * How many matches a searched page sorts itself. A search reads at most this many (+1) entries of the investor_id
 * index, in index order, and sorts them into display order; when there are more, the page is asked again with a plan
 * made for that prefix (the `broad` page statement). Most searches are one investor's ID, a handful of rows.
 */
export const SEARCH_SORT_CAP = 200;

/**
 * The text of one page statement. The search is a byte-wise range (text_pattern_ops operators, which the investor_id
 * index is built with): the IDs that start with what was typed, and nothing a LIKE pattern could mean.
 */
function pageSql(search: boolean, from: From, limit: number): string {
  const where: string[] = [];
  let n = 0;
  if (search) where.push(`investor_id ~>=~ $${++n} AND investor_id ~<~ $${++n}`);
  if (from !== 'start') where.push(keyAfter(from, n));
  const dir = from === 'before' ? 'ASC' : 'DESC';
  return `SELECT ${PAGE_COLUMNS}${search ? '' : `, ${TOTAL_SQL}`} FROM token_purchases${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
  ORDER BY purchase_date ${dir}, created_at ${dir}, id ${dir} LIMIT ${Math.trunc(limit)}`;
}

/** The position condition of a page read from a cursor; its three parameters follow the first `n`. */
function keyAfter(from: Exclude<From, 'start'>, n: number): string {
  return `${KEY} ${from === 'before' ? '>' : '<'} ($${n + 1}::date, $${n + 2}::timestamptz, $${n + 3}::bigint)`;
}

/**
 * A searched page whose plan is the same for every prefix, so that Postgres plans nothing per request (planning was
 * most of a search's cost). Its candidates are the first SEARCH_SORT_CAP + 1 matches in investor_id index order, from
 * ledger_search_candidates (migrations/20261125000100_ledger_search.ts, whose settings make that a bounded index walk
 * for any prefix); the page is those candidates from its position, in display order. `matched` (at most
 * SEARCH_SORT_CAP + 1) tells whether every match was a candidate; if not, the caller asks pageSql. The one-row count
 * is joined to the page so that an empty page still carries it (its page columns are then null).
 */
function searchPageSql(from: From, limit: number): string {
  const dir = from === 'before' ? 'ASC' : 'DESC';
  return `WITH candidates AS MATERIALIZED (SELECT * FROM ledger_search_candidates($1::text, $2::text, ${SEARCH_SORT_CAP + 1}))
  SELECT page.*, counted.matched FROM (SELECT count(*) AS matched FROM candidates) AS counted
  LEFT JOIN LATERAL (SELECT ${PAGE_COLUMNS} FROM candidates AS token_purchases${from === 'start' ? '' : ` WHERE ${keyAfter(from, 2)}`}
    ORDER BY purchase_date ${dir}, created_at ${dir}, id ${dir} LIMIT ${Math.trunc(limit)}) AS page ON true`;
}

/**
 * The first page of each of several searches, in one statement: the searches that arrive within one turn of the event
 * loop share a round trip (one write to Postgres, one statement to run) instead of one each. Like searchPageSql, but
 * from the start: a search with no candidates has no row, so `matched` rides on the page's rows. Each page row carries
 * `n`, its search's place in the arrays, and `k`, its place in the page.
 */
function firstSearchPagesSql(limit: number): string {
  return `SELECT b.n, page.* FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS b(lo, hi, n)
  CROSS JOIN LATERAL (SELECT ${PAGE_COLUMNS}, count(*) OVER () AS matched,
      row_number() OVER (ORDER BY purchase_date DESC, created_at DESC, id DESC) AS k
    FROM ledger_search_candidates(b.lo, b.hi, ${SEARCH_SORT_CAP + 1}) AS token_purchases
    ORDER BY purchase_date DESC, created_at DESC, id DESC LIMIT ${Math.trunc(limit)}) AS page`;
}

/** Per database handle and page limit: the batcher of first search pages. */
const firstSearchPages = new WeakMap<Knex, Map<number, Coalescer<[string, string], LedgerRowDb[]>>>();
function firstSearchPage(db: Knex, range: [string, string], limit: number): Promise<LedgerRowDb[]> {
  let byLimit = firstSearchPages.get(db);
  if (!byLimit) firstSearchPages.set(db, (byLimit = new Map()));
  let batcher = byLimit.get(limit);
  if (!batcher) {
    const statement = { name: `ledger_search_batch_${limit}`, text: firstSearchPagesSql(limit) };
    batcher = new Coalescer<[string, string], LedgerRowDb[]>(async (ranges) => {
      const rows = await pgQuery<LedgerRowDb & { n: string; k: string }>(db, { ...statement, values: [ranges.map((r) => r[0]), ranges.map((r) => r[1])] });
      const pages = ranges.map(() => [] as Array<LedgerRowDb & { k: string }>);
      for (const row of rows) pages[Number(row.n) - 1]!.push(row);
      return pages.map((page) => page.sort((a, b) => Number(a.k) - Number(b.k)));
    }, 64);
    byLimit.set(limit, batcher);
  }
  return batcher.run(range);
}

/**
 * Page statements are named: Postgres parses each once per connection, and keeps one plan for it once the plans it
 * makes per execution stop being cheaper. Unsearched pages: a walk of the order index from a position, the same for
 * every position. The limit is part of the text, not a parameter: a plan made without knowing it assumes a tenth of
 * the table and sorts it. Searched pages: searchPageSql, bounded for any prefix; the statement for a prefix with
 * more matches than it sorts (`broad`) is planned per request, since its right plan depends on how much of the
 * ledger the prefix matches (a few thousand IDs: their index; 'ADX': the order index).
 */
type Kind = 'page' | 'search' | 'broad';
const statements = new Map<string, { name?: string; text: string }>();
function pageStatement(kind: Kind, from: From, limit: number): { name?: string; text: string } {
  const name = `ledger_${kind}_${from}_${limit}`;
  let statement = statements.get(name);
  if (!statement) {
    const text = kind === 'search' ? searchPageSql(from, limit) : pageSql(kind === 'broad', from, limit);
    statement = { ...(kind === 'broad' ? {} : { name }), text };
    statements.set(name, statement);
  }
  return statement;
}

/**
 * The half-open byte range [from, to) of the IDs that start with `search`, case-insensitive (IDs are stored
 * upper-case). The search is letters, digits and dashes (LEDGER_SEARCH_PATTERN), so the last character has a successor.
 */
export function prefixRange(search: string): [string, string] {
  const from = search.toUpperCase();
  return [from, from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1)];
}

function toPublicRow(r: LedgerRowDb): TLedgerRow {
  return {
    investor_id: r.investor_id,
    purchase_date: r.purchase_date,
    investment_amount_usd: r.investment_amount_usd,
    tokens_to_be_distributed: r.tokens_to_be_distributed,
    created_at: r.created_iso,
    ...(r.reversal ? { marker: 'reversal' as const } : r.reversed ? { marker: 'reversed' as const } : {}),
  };
}

/** The (date, timestamp, id) triple of a cursor the schema already validated (with the same parser). */
function keyOf(cursor: string): [string, string, string] {
  const p = parseLedgerCursor(cursor);
  if (!p) throw new Error(`not a ledger cursor: ${cursor}`);
  return [p.purchaseDate, p.createdAt, p.id];
}

/** Runs one statement on a pooled connection of `db` through pg itself (no query building per request). */
async function pgQuery<T>(db: Knex, query: { name?: string; text: string; values: unknown[] }): Promise<T[]> {
  const client = db.client as Knex.Client & { acquireConnection(): Promise<pg.PoolClient>; releaseConnection(c: pg.PoolClient): Promise<void> };
  // Announced like knex's own queries, so whoever listens to the instance's 'query' events (tests, debugging) sees it.
  client.emit('query', { method: 'raw', sql: query.text, bindings: query.values, ...(query.name ? { name: query.name } : {}) });
  const conn = await client.acquireConnection();
  try {
    return (await conn.query(query)).rows as T[];
  } finally {
    await client.releaseConnection(conn);
  }
}

/** How many rows start with `search`. */
async function countMatching(db: Knex, search: string): Promise<number> {
  const [from, to] = prefixRange(search);
  const [row] = await pgQuery<{ n: string }>(db, { text: 'SELECT count(*) AS n FROM token_purchases WHERE investor_id ~>=~ $1 AND investor_id ~<~ $2', values: [from, to] });
  return toCount(row!.n);
}

/**
 * One page of the public ledger, newest purchase first, optionally filtered by investor-ID prefix. Keyset paged:
 * the page starts at a row position (`after` / `before`), which the order index finds directly, so a deep page
 * reads pageSize + 1 index entries like the first one does (OFFSET would walk every row before it).
 */
export async function listLedger(db: Knex, q: TLedgerQuery): Promise<TLedgerPage> {
  const backwards = !q.after && q.before !== undefined;
  const cursor = q.after ?? q.before;
  const from: From = !cursor ? 'start' : backwards ? 'before' : 'after';
  // One statement per page: the rows, their markers and (unsearched) the record count. One row more than a page
  // tells whether there is another page in the direction read.
  const values = [...(q.search ? prefixRange(q.search) : []), ...(cursor ? keyOf(cursor) : [])];
  let found = q.search && from === 'start'
    ? await firstSearchPage(db, prefixRange(q.search), q.pageSize + 1)
    : await pgQuery<LedgerRowDb>(db, { ...pageStatement(q.search ? 'search' : 'page', from, q.pageSize + 1), values });
  // A prefix with more matches than the bounded statement sorts: the page is asked again, planned for that prefix.
  const matched = q.search ? toCount(found[0]?.matched ?? 0) : 0;
  if (q.search) found = found.filter((r) => r.cursor !== null);
  if (matched > SEARCH_SORT_CAP) found = await pgQuery<LedgerRowDb>(db, { ...pageStatement('broad', from, q.pageSize + 1), values });
  const more = found.length > q.pageSize;
  const rows = found.slice(0, q.pageSize);
  if (backwards) rows.reverse();
  const first = !cursor || (backwards && !more);
  const page = first ? 1 : q.page;
  let total: number;
  if (!q.search) {
    // The trigger-maintained record count: O(1) instead of counting a million rows, read with the rows (a page past
    // the end has no row to carry it: then asked on its own).
    const n = found[0]?.total ?? ((await db('ledger_totals').select({ n: 'records' }).first()) as { n: string }).n;
    total = toCount(n);
  } else if (matched <= SEARCH_SORT_CAP) {
    total = matched; // every match was a candidate
  } else {
    total = await countMatching(db, q.search);
  }
  const hasNext = backwards ? cursor !== undefined : more;
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

/** The public summary: distinct investors, total USD and total tokens, exact decimals as strings. */
export async function ledgerSummary(db: Knex): Promise<TLedgerSummary> {
  const row = (await db('ledger_totals')
    // Distinct investor IDs of purchases (a repeat investor is one; reversal rows are none), kept by the insert trigger.
    .select(db.raw('investors AS records'), db.raw('investment_amount_usd::text AS usd'), db.raw('tokens::text AS tokens'))
    .first()) as { records: string; usd: string; tokens: string } | undefined;
  if (!row) throw new Error('ledger_totals row is missing: run the migrations');
  return { totalInvestors: toCount(row.records), totalInvestmentUsd: row.usd, totalTokens: row.tokens };
}

/** The same summary recomputed from every row: used to verify the running totals. */
export async function recomputeLedgerSummary(db: Knex): Promise<TLedgerSummary> {
  const row = (await db('token_purchases')
    .select(
      db.raw('count(DISTINCT investor_id) FILTER (WHERE reverses_id IS NULL) AS records'),
      db.raw('coalesce(sum(investment_amount_usd), 0)::numeric(20,2)::text AS usd'),
      db.raw('coalesce(sum(tokens_to_be_distributed), 0)::numeric(32,8)::text AS tokens'),
    )
    .first()) as { records: string; usd: string; tokens: string };
  return { totalInvestors: toCount(row.records), totalInvestmentUsd: row.usd, totalTokens: row.tokens };
}

/** The running count of rows (what page totals read) and the rows counted: the two must agree. */
export async function ledgerRecordCounts(db: Knex): Promise<{ kept: number; counted: number }> {
  const row = (await db('ledger_totals').first(db.raw('records AS kept'), db.raw('(SELECT count(*) FROM token_purchases) AS counted'))) as { kept: string; counted: string };
  return { kept: Number(row.kept), counted: Number(row.counted) };
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
 * returns how many rows were written. They join the transparency log in the same transaction.
 */
export async function appendLedgerRows(db: Knex, rows: NewLedgerRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (trx) => {
    const result = await trx('token_purchases')
      .insert(rows.map((r) => ({ ...r, investor_id: r.investor_id.toUpperCase() })))
      .onConflict('payment_reference')
      .ignore()
      .returning('id');
    await appendToLog(trx);
    return result.length;
  });
}
