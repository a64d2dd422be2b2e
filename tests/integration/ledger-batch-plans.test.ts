// A batch of paid events reads the ledger's rows through their primary keys, however large the tables have grown since
// its statements were planned: a prepared statement keeps the plan its connection made on first use, and on an empty
// ledger that plan read the whole ledger and log at every append. The batch's lock on its payment rows looks each one
// up by id: as `id IN (…)` over 50 ids it was planned as a scan of the whole payments table once that held a few
// thousand rows. Counted by Postgres itself: the transaction's sequential scans of each table (pg_stat_xact_user_tables).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockPaymentRows } from '@app/common/server/payments/payments.repository';
import { applyProviderEvents, insertStripeEvents } from '@app/common/server/payments/provider-events';
import { appendToLog } from '@app/common/server/tlog.repository';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t?.drop();
});

let n = 0;
/** `count` pending donations that buy tokens, and a paid checkout event for each, in the inbox. */
async function paidDonations(trx: Knex.Transaction, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({ id: randomUUID(), amount_cents: 2500, wants_adx_tokens: true }));
  await trx('donations').insert(rows);
  const events = rows.map((r) => {
    const session = `cs_plan_${++n}`;
    return {
      id: `evt_plan_${n}`,
      type: 'checkout.session.completed',
      data: { object: { id: session, status: 'complete', payment_status: 'paid', amount_total: 2500, metadata: { kind: 'donation', row_id: r.id }, payment_intent: `pi_${session}` } },
    };
  });
  await insertStripeEvents(trx, events);
  return events.map((e) => e.id);
}

async function seqScans(trx: Knex.Transaction): Promise<Record<string, number>> {
  const { rows } = (await trx.raw(`SELECT relname, seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('donations', 'token_purchases', 'ledger_log', 'ledger_tree')`)) as {
    rows: Array<{ relname: string; seq_scan: string }>;
  };
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

describe('a batch of paid events on a grown ledger', () => {
  it('scans no table whole, though its statements were planned while the ledger was empty', async () => {
    // One connection throughout (one transaction, rolled back): the statements it prepares first are planned on empty tables.
    await t.db
      .transaction(async (trx) => {
        const first = await applyProviderEvents(trx, await paidDonations(trx, 2));
        expect([...first.values()].map((r) => r?.status)).toEqual(['paid', 'paid']);

        // The tables grow on this connection, with no ANALYZE to make it plan again (as between a burst's batches).
        await trx.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens, status) SELECT 1000, false, 'paid' FROM generate_series(1, 20000)`);
        await trx.raw(`INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source)
          SELECT 'ADXPLAN' || g, '2026-01-01', 10, 100, 'admin' FROM generate_series(1, 20000) g`);
        expect(await appendToLog(trx)).toBe(20_000);

        const before = await seqScans(trx);
        const batch = await applyProviderEvents(trx, await paidDonations(trx, 50));
        expect([...batch.values()].filter((r) => r?.status === 'paid' && r.ledgerRow)).toHaveLength(50);
        const delta = (after: Record<string, number>) => Object.fromEntries(Object.entries(after).map(([table, count]) => [table, count - (before[table] ?? 0)]));
        // The payments' own UPDATE is left to the planner (over a 50-id array it may read the table whole: see
        // docs/payments.md), so donations are counted for the lock alone, below.
        expect(delta(await seqScans(trx))).toMatchObject({ token_purchases: 0, ledger_log: 0, ledger_tree: 0 });

        const ids = (await trx('donations').limit(100).pluck('id')) as string[];
        const lockedBefore = await seqScans(trx);
        const locked = await lockPaymentRows<{ id: string }>(trx, 'donations', ids);
        expect(locked.map((r) => r.id)).toEqual([...ids].sort());
        expect((await seqScans(trx)).donations).toBe(lockedBefore.donations);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  });
});

class Rollback extends Error {}
