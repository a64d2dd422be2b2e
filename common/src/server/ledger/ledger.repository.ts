/**
 * The ledger's writes: rows are appended, never changed (a correction is a new row). The reads are elsewhere: pages
 * and searches in ledger-page.repository.ts, the running totals in ledger-totals.repository.ts.
 */
import type { Knex } from 'knex';
import { appendToLog } from './tlog.repository';

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