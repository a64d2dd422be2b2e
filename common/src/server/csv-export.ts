import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { prefixRange } from './ledger/ledger-page-sql';

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

/**
 * A text column made safe for a spreadsheet (OWASP's CSV injection advice): a cell starting with = + - @, a tab or a
 * carriage return would be read as a formula, so it gets a quote mark first. Every column an export takes from people
 * (names, e-mail addresses, investor IDs an admin typed) goes through it; numbers, dates and our own words need not.
 */
export function csvText(db: Knex, column: string, alias: string): Knex.Raw {
  return db.raw(`CASE WHEN ?? ~ '^[=+@\\t\\r-]' THEN '''' || ?? ELSE ?? END AS ??`, [column, column, column, alias]);
}

const utc = (column: string, alias: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${alias}"`;

/** Stored form submissions (of one form, or all), newest first: who sent them and every field as JSON. */
export function submissionsCsv(db: Knex, form: string | undefined): Readable {
  const query = db('form_submissions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select({ Form: 's.form' })
    .select(db.raw(utc('s.created_at', 'Submitted')), csvText(db, 's.email', 'Email'), csvText(db, 'u.discord_username', 'Member'))
    .select(csvText(db, 's.ip_address', 'IP address'), db.raw(`s.payload::text AS "Fields"`))
    .modify((qb) => {
      if (form) qb.where('s.form', form);
    })
    .orderBy([
      { column: 's.created_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ]);
  return streamCsv(db, query);
}

/** The newsletter's subscribers, newest first, with their status. */
export function subscribersCsv(db: Knex): Readable {
  const query = db('newsletter_subscribers')
    .select(csvText(db, 'email', 'Email'), db.raw(`status AS "Status"`), db.raw(utc('created_at', 'Subscribed')), db.raw(utc('confirmed_at', 'Confirmed')))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return streamCsv(db, query);
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
    .select(csvText(db, 't.investor_id', 'Investor ID'))
    .select({ 'Purchase Date': 't.purchase_date', 'Investment Amount (USD)': 't.investment_amount_usd', 'Tokens to be Distributed': 't.tokens_to_be_distributed' })
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
