/**
 * The public ledger's page statements, as text: what a page reads (PAGE_COLUMNS), in which order, from which
 * position, and for a search which IDs, and the public form of a row they return. ledger-page.repository.ts runs them.
 */
import type { TLedgerRow } from '../../schemas/ledger';

/** A page row as the statements return it. */
export interface LedgerRowDb {
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

/** A page row as the public ledger shows it; refunded purchases and their reversals carry their marker. */
export function toPublicRow(r: LedgerRowDb): TLedgerRow {
  return {
    investor_id: r.investor_id,
    purchase_date: r.purchase_date,
    investment_amount_usd: r.investment_amount_usd,
    tokens_to_be_distributed: r.tokens_to_be_distributed,
    created_at: r.created_iso,
    ...(r.reversal ? { marker: 'reversal' as const } : r.reversed ? { marker: 'reversed' as const } : {}),
  };
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

export type From = 'start' | 'after' | 'before';

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
export function firstSearchPagesSql(limit: number): string {
  return `SELECT b.n, page.* FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS b(lo, hi, n)
  CROSS JOIN LATERAL (SELECT ${PAGE_COLUMNS}, count(*) OVER () AS matched,
      row_number() OVER (ORDER BY purchase_date DESC, created_at DESC, id DESC) AS k
    FROM ledger_search_candidates(b.lo, b.hi, ${SEARCH_SORT_CAP + 1}) AS token_purchases
    ORDER BY purchase_date DESC, created_at DESC, id DESC LIMIT ${Math.trunc(limit)}) AS page`;
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
export function pageStatement(kind: Kind, from: From, limit: number): { name?: string; text: string } {
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
