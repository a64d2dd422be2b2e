import type { Knex } from 'knex';
import type { TLedgerSummary } from '../../schemas/ledger';
import { toCount } from '../db';

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
