// A batch of inbox events applied in one transaction (applyProviderEvents; docs/decisions/0003-burst-throughput.md)
// has the same effects and the same ApplyResult per event as the same events applied one transaction each, in the
// same order, as ledger.record's per-event path does. Two identical databases, one applied each way, compared.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyResult } from '@app/common/server/payments/checkout';
import { applyProviderEvent, applyProviderEvents, insertStripeEvent, markStripeEventProcessed } from '@app/common/server/payments/provider-events';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let batched: TestDatabase;
let single: TestDatabase;
beforeAll(async () => {
  [batched, single] = await Promise.all([freshDatabase(), freshDatabase()]);
});
afterAll(async () => {
  await Promise.all([batched?.drop(), single?.drop()]);
});

/** ledger.record's per-event transaction: the event alone, a batch of one. */
const applyAlone = async (db: Knex, id: string): Promise<ApplyResult | null> => (await applyProviderEvent(db, id)) ?? null;

const u = () => randomUUID();
const ids = { u1: u(), u2: u(), u3: u(), d: Array.from({ length: 10 }, u), inv: Array.from({ length: 4 }, u), prog: u() };

/** The same payments in both databases (fixed ids). */
async function seed(db: Knex): Promise<void> {
  await db('users').insert([ids.u1, ids.u2, ids.u3].map((id, i) => ({ id, discord_id: `batch_${i}`, discord_username: `batch_${i}` })));
  await db('investors').insert({ investor_id: 'ADX-EXISTING', user_id: ids.u2 });
  await db('donations').insert(
    ids.d.map((id, i) => ({ id, amount_cents: 1000 + i * 100, wants_adx_tokens: i !== 2, user_id: i === 5 ? ids.u1 : null, status: i === 7 ? 'paid' : 'pending', checkout_session_id: i === 7 ? `cs_d7` : null })),
  );
  await db('investments').insert([
    { id: ids.inv[0], user_id: ids.u1, amount_cents: 10_000, adx_tokens: '1000.00000000' },
    { id: ids.inv[1], user_id: ids.u2, amount_cents: 20_000, adx_tokens: '2000.00000000' },
    { id: ids.inv[2], user_id: ids.u3, amount_cents: 30_000, adx_tokens: '3000.00000000' },
    { id: ids.inv[3], user_id: ids.u3, amount_cents: 40_000, adx_tokens: '4000.00000000' },
  ]);
  await db('program_payments').insert({ id: ids.prog, kind: 'program', amount_cents: 249_700, description: 'Program', payer_email: 'payer@example.org' });
  // A refund that arrived before its checkout event (d8).
  await db('payment_charges').insert({ payment_intent: 'pi_d8', kind: 'donation', row_id: ids.d[8], refunded_cents: 500 });
}

let n = 0;
function checkout(type: string, kind: string, rowId: string, amount: number, opts: { session?: string; intent?: string | null; paid?: boolean } = {}) {
  const session = opts.session ?? `cs_${kind}_${rowId.slice(0, 8)}`;
  return {
    id: `evt_batch_${++n}`,
    type,
    data: { object: { id: session, status: 'complete', payment_status: opts.paid === false ? 'unpaid' : 'paid', amount_total: amount, metadata: { kind, row_id: rowId }, payment_intent: opts.intent === undefined ? `pi_${session}` : opts.intent } },
  };
}

/** Results and the rows the events touch, with clock columns left out. */
async function state(db: Knex) {
  const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ created_at: _c, updated_at: _u, paid_at, processed_at, received_at: _r, ...rest }) => ({ ...rest, paid: Boolean(paid_at), processed: Boolean(processed_at) }));
  return {
    donations: strip(await db('donations').orderBy('id').select('id', 'status', 'investor_id', 'checkout_session_id', 'paid_at')),
    investments: strip(await db('investments').orderBy('id').select('id', 'payment_status', 'investor_id', 'checkout_session_id', 'paid_at')),
    programs: strip(await db('program_payments').orderBy('id').select('id', 'status', 'checkout_session_id', 'paid_at')),
    investors: await db('investors').orderBy('investor_id').select('investor_id', 'user_id'),
    ledger: ((await db('token_purchases').orderBy('payment_reference').select('investor_id', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', 'payment_reference', 'reverses_id')) as Array<Record<string, unknown>>).map(
      ({ reverses_id, ...r }) => ({ ...r, reverses: Boolean(reverses_id) }),
    ),
    charges: await db('payment_charges').orderBy('payment_intent').select('payment_intent', 'kind', 'row_id', 'refunded_cents', 'dispute_status'),
    inbox: strip(await db('stripe_events').orderBy('id').select('id', 'processed_at', 'attempts', 'last_error')),
    totals: await db('ledger_totals').first('records', 'investment_amount_usd', 'tokens'),
  };
}
const results = (m: Array<[string, ApplyResult | null]>) =>
  m.map(([id, r]) => [id, r && { ...r, ledgerRow: r.ledgerRow && { ...r.ledgerRow, created_at: 'at' }, ...(r.reversalRow ? { reversalRow: { ...r.reversalRow, created_at: 'at' } } : {}) }]);

describe('applyProviderEvents', () => {
  it('gives every event the result and effects of its own transaction, paid checkouts in bulk or not', async () => {
    await Promise.all([seed(batched.db), seed(single.db)]);
    const { d, inv } = ids;
    // Paid checkouts of pending payments first (the bulk path), then the ones it leaves to the per-event path.
    const first = [
      checkout('checkout.session.completed', 'donation', d[0]!, 1000), // anonymous, tokens, with a payment intent
      checkout('checkout.session.completed', 'donation', d[1]!, 1100, { intent: null }), // no payment intent
      checkout('checkout.session.completed', 'donation', d[2]!, 1200), // no tokens asked for
      checkout('checkout.session.async_payment_succeeded', 'investment', inv[0]!, 10_000), // member, first investor code
      checkout('checkout.session.completed', 'investment', inv[1]!, 20_000), // member with an investor already
      checkout('checkout.session.completed', 'investment', inv[2]!, 30_000), // two payments of one member: one code
      checkout('checkout.session.completed', 'investment', inv[3]!, 40_000),
      checkout('checkout.session.completed', 'program', ids.prog, 249_700), // mailable, no tokens
      checkout('checkout.session.completed', 'donation', d[5]!, 1500), // member's donation: the member's code
      checkout('checkout.session.completed', 'donation', d[7]!, 1700, { session: 'cs_d7' }), // already paid
      checkout('checkout.session.async_payment_failed', 'donation', d[3]!, 1300), // failed
      checkout('checkout.session.completed', 'donation', d[4]!, 1400, { paid: false }), // still pending
      checkout('checkout.session.completed', 'donation', d[6]!, 1600, { session: 'cs_twice' }), // one session, two events
      checkout('checkout.session.completed', 'donation', d[6]!, 1600, { session: 'cs_twice' }),
      checkout('checkout.session.completed', 'donation', d[8]!, 1800, { intent: 'pi_d8' }), // refunded before: settles to partially refunded
      { id: `evt_batch_${++n}`, type: 'customer.created', data: { object: { id: 'cus_1' } } }, // not ours to apply
      checkout('checkout.session.completed', 'donation', randomUUID(), 1), // processed already: left alone
    ];
    // A batch with a refund in it: every event through the per-event functions.
    const second = [
      { id: `evt_batch_${++n}`, type: 'charge.refunded', data: { object: { id: 'ch_1', amount: 1000, amount_refunded: 400, payment_intent: `pi_cs_donation_${d[0]!.slice(0, 8)}`, metadata: { kind: 'donation', row_id: d[0] } } } },
      checkout('checkout.session.completed', 'donation', d[9]!, 1900),
    ];
    for (const db of [batched.db, single.db]) {
      for (const e of [...first, ...second]) await insertStripeEvent(db, e);
      await markStripeEventProcessed(db, first.at(-1)!.id);
    }

    const viaBatch: Array<[string, ApplyResult | null]> = [];
    const viaSingle: Array<[string, ApplyResult | null]> = [];
    for (const group of [first, second]) {
      const m = await batched.db.transaction((trx) => applyProviderEvents(trx, group.map((e) => e.id)));
      for (const e of group) viaBatch.push([e.id, m.get(e.id) ?? null]);
      expect([...m.keys()].sort()).toEqual(group.map((e) => e.id).sort());
      for (const e of group) viaSingle.push([e.id, await applyAlone(single.db, e.id)]);
    }

    expect(results(viaBatch)).toEqual(results(viaSingle));
    // Same order of keys too: what announcePayment and the logs see is the same JSON.
    expect(viaBatch.map(([, r]) => (r ? Object.keys(r).join() : null))).toEqual(viaSingle.map(([, r]) => (r ? Object.keys(r).join() : null)));
    expect(viaBatch.filter(([, r]) => r?.ledgerRow).length).toBeGreaterThanOrEqual(7);
    expect(await state(batched.db)).toEqual(await state(single.db));
  });
});
