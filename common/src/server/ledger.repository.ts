import type { Knex } from 'knex';
import type { TLedgerPage, TLedgerQuery, TLedgerRow, TLedgerSummary } from '../schemas/ledger';
import { toCount } from './db';

interface LedgerRowDb {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  created_at: Date;
  id?: string;
  source?: string | undefined;
  reversed?: boolean;
}

const PUBLIC_COLUMNS = ['investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'created_at'];

/**
 * Marks refunded purchases and their reversal rows (issue 13), so nobody reads a negative row as a purchase.
 * Asked for the page's rows only, after the page query (which stays an index-only scan, deep OFFSETs
 * included): reversal rows are few and all sit in the partial index on reverses_id.
 */
async function withMarkers(db: Knex, rows: LedgerRowDb[]): Promise<LedgerRowDb[]> {
  const ids = rows.map((r) => r.id!);
  if (ids.length === 0) return rows;
  const hits = (await db('token_purchases')
    .whereNotNull('reverses_id')
    .where((q) => q.whereIn('id', ids).orWhereIn('reverses_id', ids))
    .select('id', 'reverses_id')) as Array<{ id: string; reverses_id: string }>;
  const reversal = new Set(hits.filter((h) => ids.includes(String(h.id))).map((h) => String(h.id)));
  const reversed = new Set(hits.map((h) => String(h.reverses_id)));
  return rows.map((r) => ({ ...r, source: reversal.has(String(r.id)) ? 'reversal' : undefined, reversed: reversed.has(String(r.id)) }));
}

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
    ...(r.source === 'reversal' ? { marker: 'reversal' as const } : r.reversed ? { marker: 'reversed' as const } : {}),
  };
}

/** One page of the public ledger, newest purchase first, optionally filtered by investor-ID prefix. */
export async function listLedger(db: Knex, q: TLedgerQuery): Promise<TLedgerPage> {
  const offset = (q.page - 1) * q.pageSize;
  const filtered = (qb: Knex.QueryBuilder) => (q.search ? qb.whereLike('investor_id', prefixPattern(q.search)) : qb);
  const rows = (await filtered(db('token_purchases').select([...PUBLIC_COLUMNS, 'id']))
    .orderBy([
      { column: 'purchase_date', order: 'desc' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.pageSize)
    .offset(offset)) as LedgerRowDb[];
  let total: number;
  if (rows.length > 0 && rows.length < q.pageSize) {
    total = offset + rows.length; // the last page tells the total without counting
  } else if (!q.search) {
    // The trigger-maintained record count: O(1) instead of counting a million rows.
    total = toCount(((await db('ledger_totals').select({ n: 'records' }).first()) as { n: string }).n);
  } else {
    total = toCount(((await filtered(db('token_purchases').count({ n: '*' })).first()) as { n: string }).n);
  }
  return { rows: (await withMarkers(db, rows)).map(toPublicRow), total, page: q.page, pageSize: q.pageSize, search: q.search };
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
