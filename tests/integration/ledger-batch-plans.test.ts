// A paid event, alone or in a batch, reads the rows it touches through their primary keys, however large the tables
// have grown since its statements were planned: a prepared statement keeps the plan its connection made on first use.
// On an empty database the append's read and the UPDATE that marks payments paid were planned as scans of whole
// tables; with a few thousand payments already there, the UPDATE's range lookup was planned as one too. The batch's
// lock on its payment rows looks each one up by id: as `id IN (…)` over 50 ids it was planned as a scan of the whole
// payments table once that held a few thousand rows. The webhook inbox grows with every event, so it is counted too.
// Counted by Postgres itself: the transaction's sequential scans of each table (pg_stat_xact_user_tables).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockPaymentRows } from '@app/common/server/payments/payments.repository';
import { applyProviderEvents, insertStripeEvents } from '@app/common/server/payments/provider-events';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { createDb } from '@app/common/server/db';
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
  const { rows } = (await trx.raw(`SELECT relname, seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('donations', 'token_purchases', 'ledger_log', 'ledger_tree', 'stripe_events')`)) as {
    rows: Array<{ relname: string; seq_scan: string }>;
  };
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

describe('paid events, alone and in a batch, on a grown ledger', () => {
  it.each([
    ['empty', 0],
    ['holding a few thousand payments', 3_500],
  ])('scans no table whole, though its statements were planned while the database was %s', async (_, already) => {
    // A connection of its own (its prepared statements are planned afresh), one transaction throughout, rolled back.
    const db = createDb(t.url, { poolMax: 1 });
    await db
      .transaction(async (trx) => {
        if (already) await trx.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens, status) SELECT 1000, false, 'paid' FROM generate_series(1, ?::int)`, [already]);
        const first = await applyProviderEvents(trx, await paidDonations(trx, 2));
        expect([...first.values()].map((r) => r?.status)).toEqual(['paid', 'paid']);
        // Lone events too, then batches: enough runs for Postgres to settle on the generic plan of each statement (it
        // keeps the generic plan once that costs no more than the plans made for the actual values, as with batches).
        for (let i = 0; i < 8; i++) expect([...(await applyProviderEvents(trx, await paidDonations(trx, 1), 'wait')).values()][0]?.status).toBe('paid');
        for (let i = 0; i < 6; i++) expect([...(await applyProviderEvents(trx, await paidDonations(trx, 100))).values()].filter((r) => r?.status === 'paid')).toHaveLength(100);

        // The tables grow on this connection, with no ANALYZE to make it plan again (as between a burst's batches).
        await trx.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens, status) SELECT 1000, false, 'paid' FROM generate_series(1, 20000)`);
        await trx.raw(`INSERT INTO stripe_events (id, type, payload, processed_at) SELECT 'evt_grown_' || g, 'checkout.session.completed', '{}', now() FROM generate_series(1, 20000) g`);
        await trx.raw(`INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source)
          SELECT 'ADXPLAN' || g, '2026-01-01', 10, 100, 'admin' FROM generate_series(1, 20000) g`);
        expect(await appendToLog(trx)).toBe(20_000);

        const none = { donations: 0, token_purchases: 0, ledger_log: 0, ledger_tree: 0, stripe_events: 0 };
        const scansDuring = async (apply: () => Promise<unknown>) => {
          const before = await seqScans(trx);
          await apply();
          return Object.fromEntries(Object.entries(await seqScans(trx)).map(([table, count]) => [table, count - (before[table] ?? 0)]));
        };
        const lone = await paidDonations(trx, 1);
        expect(await scansDuring(async () => expect([...(await applyProviderEvents(trx, lone, 'wait')).values()][0]?.ledgerRow).toBeTruthy())).toEqual(none);
        const fifty = await paidDonations(trx, 50);
        expect(await scansDuring(async () => expect([...(await applyProviderEvents(trx, fifty)).values()].filter((r) => r?.status === 'paid' && r.ledgerRow)).toHaveLength(50))).toEqual(none);

        const ids = (await trx('donations').limit(100).pluck('id')) as string[];
        const lockedBefore = await seqScans(trx);
        const locked = await lockPaymentRows<{ id: string }>(trx, 'donations', ids);
        expect(locked.map((r) => r.id)).toEqual([...ids].sort());
        expect((await seqScans(trx)).donations).toBe(lockedBefore.donations);
        // What was checked is the plan kept for every batch, not one made for its values.
        const { rows: plans } = (await trx.raw(`SELECT generic_plans FROM pg_prepared_statements WHERE name = 'record_paid'`)) as { rows: Array<{ generic_plans: string }> };
        expect(Number(plans[0]?.generic_plans)).toBeGreaterThan(0);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      })
      .finally(() => db.destroy());
  });
});

class Rollback extends Error {}
