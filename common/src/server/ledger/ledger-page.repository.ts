import type { Knex } from 'knex';
import { parseLedgerCursor } from '../../domain/ledger-cursor';
import type { TLedgerPage, TLedgerQuery } from '../../schemas/ledger';
import { Coalescer } from '../coalesce';
import { pgQuery, toCount } from '../db';
import { firstSearchPagesSql, pageStatement, prefixRange, SEARCH_SORT_CAP, toPublicRow, type From, type LedgerRowDb } from './ledger-page-sql';

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
    }, { maxBatch: 64 });
    byLimit.set(limit, batcher);
  }
  return batcher.run(range);
}

/** The (date, timestamp, id) triple of a cursor the schema already validated (with the same parser). */
function keyOf(cursor: string): [string, string, string] {
  const p = parseLedgerCursor(cursor);
  if (!p) throw new Error(`not a ledger cursor: ${cursor}`);
  return [p.purchaseDate, p.createdAt, p.id];
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
