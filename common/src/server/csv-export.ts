import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { prefixRange } from './ledger.repository';

/**
 * Streams a query's rows as CSV, written by Postgres itself (COPY (query) TO STDOUT WITH CSV HEADER,
 * through pg-copy-streams) on a connection borrowed from the pool: bytes flow to the socket with
 * back-pressure and nothing is held per row, so memory stays flat at any size and the rate is close to
 * psql's. The query's column aliases are the CSV's header. COPY takes no parameters, so the query is
 * inlined with knex's escaping (its values come from validated schemas). A client that goes away
 * ends the COPY and returns the connection.
 */
export function streamCsv(db: Knex, query: Knex.QueryBuilder): Readable {
  const out = new PassThrough();
  const sql = `COPY (${query.toString()}) TO STDOUT WITH (FORMAT csv, HEADER)`;
  void (db.client as { acquireConnection(): Promise<PoolClient> }).acquireConnection().then(
    (conn) => {
      const copy = conn.query(copyTo(sql));
      pipeline(copy, out, (err) => {
        // A COPY cut short leaves the connection mid-protocol: destroy it rather than reuse it.
        if (err) (conn as unknown as { __knex__disposed?: Error }).__knex__disposed = err;
        void (db.client as { releaseConnection(c: PoolClient): Promise<void> }).releaseConnection(conn);
      });
    },
    (err: Error) => out.destroy(err),
  );
  return out;
}

/** Free text for a spreadsheet: a leading = + - @ would be read as a formula, so it gets a quote mark first. */
export function csvText(db: Knex, column: string, alias: string): Knex.Raw {
  return db.raw(`CASE WHEN ?? ~ '^[=+@\\t\\r-]' THEN '''' || ?? ELSE ?? END AS ??`, [column, column, column, alias]);
}

/**
 * The public ledger's rows as on screen (newest first, same investor-ID prefix search), with what each row is, and its
 * place in the transparency log: the leaf fields not on screen (kind, the reversed row's log index), the row's log
 * index and its stored leaf hash (hex), so that the export alone recomputes the tree (npm run verify-ledger).
 */
export function ledgerCsv(db: Knex, search: string): Readable {
  const query = db('token_purchases as t')
    .leftJoin('ledger_log as l', 'l.purchase_id', 't.id')
    .leftJoin('ledger_tree as n', (j) => j.on('n.level', db.raw('0')).andOn('n.idx', 'l.log_index'))
    .leftJoin('ledger_log as rl', 'rl.purchase_id', 't.reverses_id')
    .select({ 'Investor ID': 't.investor_id', 'Purchase Date': 't.purchase_date', 'Investment Amount (USD)': 't.investment_amount_usd', 'Tokens to be Distributed': 't.tokens_to_be_distributed' })
    .select(
      db.raw(`CASE WHEN t.reverses_id IS NOT NULL THEN 'reversal' WHEN EXISTS (SELECT 1 FROM token_purchases r WHERE r.reverses_id = t.id) THEN 'refunded purchase' ELSE 'purchase' END AS "Entry"`),
    )
    .select({ kind: 't.source', reverses_log_index: 'rl.log_index', log_index: 'l.log_index' })
    .select(db.raw(`encode(n.hash, 'hex') AS leaf_hash`))
    .modify((qb) => {
      if (search) qb.whereRaw('t.investor_id ~>=~ ? AND t.investor_id ~<~ ?', prefixRange(search));
    })
    .orderBy([
      { column: 't.purchase_date', order: 'desc' },
      { column: 't.created_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ]);
  return streamCsv(db, query);
}
