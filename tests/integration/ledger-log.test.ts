// The transparency log (docs/ledger-transparency.md): every ledger row is appended in its own transaction, in
// commit order, to an RFC 6962 tree whose stored nodes answer roots and proofs that check against the rows.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { auditLog } from '@app/common/server/ledger/tlog-audit';
import { appendToLog, consistencyProof, inclusionProof, logSize, rootAt } from '@app/common/server/ledger/tlog.repository';
import { rootOf, toHex, verifyConsistency, verifyInclusion } from '@app/common/domain/tlog';
import { freshDatabase, type TestDatabase } from '../helpers/db';
import { logLeaves } from '../helpers/tlog';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t?.drop();
});

let n = 0;
const row = (): NewLedgerRow => ({ investor_id: `ADXLOG${++n}`, purchase_date: '2026-03-0' + ((n % 9) + 1), investment_amount_usd: `${n}.50`, tokens_to_be_distributed: `${n * 10}.25`, source: 'admin' });

describe('the ledger transparency log', () => {
  it('appends batches of any size; the stored tree answers roots and proofs that verify at every size', async () => {
    for (const size of [1, 1, 2, 5, 3, 8, 1, 4]) await appendLedgerRows(t.db, Array.from({ length: size }, row));
    const total = await logSize(t.db);
    expect(total).toBe(25);
    const leaves = await logLeaves(t.db);
    expect(leaves).toHaveLength(25);
    for (let size = 1; size <= total; size++) {
      const root = await rootAt(t.db, size);
      expect(toHex(root)).toBe(toHex(rootOf(leaves.slice(0, size))));
      for (let index = 0; index < size; index++) expect(verifyInclusion(index, size, leaves[index]!, await inclusionProof(t.db, index, size), root)).toBe(true);
      for (let from = 1; from <= size; from++) {
        const proof = await consistencyProof(t.db, from, size);
        expect(verifyConsistency(from, size, proof, rootOf(leaves.slice(0, from)), root), `${from} → ${size}`).toBe(true);
      }
    }
    expect(verifyInclusion(3, 25, leaves[4]!, await inclusionProof(t.db, 3, 25), await rootAt(t.db, 25))).toBe(false);
    expect((await auditLog(t.db)).firstMismatch).toBeNull();
  });

  it('refuses to commit a ledger row that was not appended', async () => {
    const before = await logSize(t.db);
    await expect(t.db('token_purchases').insert({ investor_id: 'ADXNOLOG', purchase_date: '2026-01-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '1', source: 'admin' })).rejects.toThrow(
      /not appended to the transparency log/,
    );
    expect(await t.db('token_purchases').where({ investor_id: 'ADXNOLOG' }).first()).toBeUndefined();
    expect(await logSize(t.db)).toBe(before);
  });

  it('queues a batch for the log without a row written or deleted per ledger row', async () => {
    // A queue table took an insert and a delete per ledger row, and a burst's appends read every dead row it left.
    await t.db.transaction(async (trx) => {
      await trx('token_purchases').insert(Array.from({ length: 100 }, row));
      expect(await appendToLog(trx)).toBe(100);
      const { rows } = (await trx.raw('SELECT relname, n_tup_ins, n_tup_del FROM pg_stat_xact_user_tables ORDER BY relname')) as { rows: Array<{ relname: string; n_tup_ins: string; n_tup_del: string }> };
      expect(rows.filter((r) => Number(r.n_tup_del) > 0).map((r) => r.relname)).toEqual([]);
      expect(rows.filter((r) => Number(r.n_tup_ins) > 0).map((r) => r.relname)).toEqual(['ledger_investors', 'ledger_log', 'ledger_tree', 'token_purchases']);
    });
    expect((await auditLog(t.db)).firstMismatch).toBeNull();
  });

  it('orders concurrent writers by commit: a writer waits for the one before it to commit', async () => {
    const insert = (trx: Knex, id: string) => trx('token_purchases').insert({ investor_id: id, purchase_date: '2026-01-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '1', source: 'admin' });
    const first = await t.db.transaction();
    await insert(first, 'ADXFIRST');
    await appendToLog(first);
    const second = t.db.transaction(async (trx) => {
      await insert(trx, 'ADXSECOND');
      await appendToLog(trx);
    });
    await new Promise((r) => setTimeout(r, 200));
    await first.commit();
    await second;
    const order = (await t.db('ledger_log as l').join('token_purchases as p', 'p.id', 'l.purchase_id').whereIn('p.investor_id', ['ADXFIRST', 'ADXSECOND']).orderBy('l.log_index').pluck('p.investor_id')) as string[];
    expect(order).toEqual(['ADXFIRST', 'ADXSECOND']);
    expect((await auditLog(t.db)).firstMismatch).toBeNull();
  });
  it('appends in two statements, reading no tree node under the head\'s lock; a head without its frontier reads the nodes', async () => {
    await appendLedgerRows(t.db, [row()]); // a log with a frontier to extend
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    t.db.on('query', listen);
    try {
      await appendLedgerRows(t.db, [row(), row()]);
    } finally {
      t.db.off('query', listen);
    }
    const log = statements.filter((sql) => /ledger_log_head|ledger_tree/.test(sql));
    expect(log).toHaveLength(2);
    expect(statements.some((sql) => /SELECT[^;]* FROM ledger_tree/.test(sql))).toBe(false);

    // A head whose frontier is of another size (e.g. written before heads kept one) falls back to the stored nodes.
    await t.db('ledger_log_head').update({ frontier_size: null });
    for (const size of [1, 3, 2]) await appendLedgerRows(t.db, Array.from({ length: size }, row));
    const leaves = await logLeaves(t.db);
    expect(toHex(await rootAt(t.db, leaves.length))).toBe(toHex(rootOf(leaves)));
    expect((await auditLog(t.db)).firstMismatch).toBeNull();
  });

  it('reads the queued rows through the primary key, never the whole ledger', async () => {
    // A ledger large enough that reading all of it costs more than its index (in batches: a statement takes 65,535 parameters).
    for (let i = 0; i < 5; i++) await appendLedgerRows(t.db, Array.from({ length: 4_000 }, row));
    await t.db.raw('ANALYZE token_purchases');
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    t.db.on('query', listen);
    try {
      await appendLedgerRows(t.db, [row()]);
    } finally {
      t.db.off('query', listen);
    }
    const read = statements.find((sql) => sql.includes('ledger_log_take()'));
    expect(read).toBeDefined();
    // EXPLAIN alone plans the statement without taking the queue.
    const plan = ((await t.db.raw(`EXPLAIN ${read}`)) as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Scan using token_purchases_pkey on token_purchases');
    expect(plan).not.toMatch(/Seq Scan on token_purchases/);
  });
});
