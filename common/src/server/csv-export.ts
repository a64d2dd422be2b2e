import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Knex } from 'knex';
import { prefixPattern } from './ledger.repository';

/** One column of an export: its header and how a database row becomes the cell. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null;
}

/**
 * Streams a query's rows as CSV: a server-side cursor (pg-query-stream, through knex) reads a batch
 * at a time and csv-stringify writes them, with back-pressure all the way to the socket, so memory
 * stays flat however many rows there are. A client that goes away ends the query.
 */
export function streamCsv<R>(query: Knex.QueryBuilder, columns: Array<CsvColumn<R>>): Readable {
  const rows = query.stream({ batchSize: 1000, highWaterMark: 1000 } as never) as unknown as Readable;
  const toRecord = new Transform({
    objectMode: true,
    transform(row: R, _enc, done) {
      done(null, columns.map((c) => c.value(row)));
    },
  });
  const out = new PassThrough();
  pipeline(rows, toRecord, stringify({ header: true, columns: columns.map((c) => c.header), bom: false }), out, () => undefined);
  out.on('close', () => rows.destroy());
  return out;
}

/** Free text for a spreadsheet: a leading = + - @ would be read as a formula, so it gets a quote mark first. */
export function csvText(v: string | null): string | null {
  return v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

interface LedgerCsvRow {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  source: string;
  reversed: boolean;
}

/** The public ledger's rows as on screen (newest first, same investor-ID prefix search), with what each row is. */
export function ledgerCsv(db: Knex, search: string): Readable {
  const query = db('token_purchases')
    .select('investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', db.raw('EXISTS (SELECT 1 FROM token_purchases r WHERE r.reverses_id = token_purchases.id) AS reversed'))
    .modify((qb) => {
      if (search) qb.whereLike('investor_id', prefixPattern(search));
    })
    .orderBy([
      { column: 'purchase_date', order: 'desc' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return streamCsv<LedgerCsvRow>(query, [
    { header: 'Investor ID', value: (r) => r.investor_id },
    { header: 'Purchase Date', value: (r) => r.purchase_date },
    { header: 'Investment Amount (USD)', value: (r) => r.investment_amount_usd },
    { header: 'Tokens to be Distributed', value: (r) => r.tokens_to_be_distributed },
    { header: 'Entry', value: (r) => (r.source === 'reversal' ? 'reversal' : r.reversed ? 'refunded purchase' : 'purchase') },
  ]);
}
