// A lone paid checkout (ledger.record's per-event transaction) whose charge nothing was said about since: its
// transaction reads the payment row once and never the purchase it just appended. Each statement is a round trip
// to Postgres inside the event's latency; settling a clean charge read both again to change nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyProviderEvent, insertStripeEvent } from '@app/common/server/payments/provider-events';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t?.drop();
});

/** A pending donation, its paid checkout event in the inbox, and the statements applying it alone sends. */
async function applyPaidDonation(opts: { tokens: boolean; refundedFirst?: number }) {
  const id = randomUUID();
  await t.db('donations').insert({ id, amount_cents: 1500, wants_adx_tokens: opts.tokens });
  if (opts.refundedFirst) await t.db('payment_charges').insert({ payment_intent: `pi_${id}`, kind: 'donation', row_id: id, refunded_cents: opts.refundedFirst });
  const event = { id: `evt_${id}`, type: 'checkout.session.completed', data: { object: { id: `cs_${id}`, status: 'complete', payment_status: 'paid', amount_total: 1500, metadata: { kind: 'donation', row_id: id }, payment_intent: `pi_${id}` } } };
  await insertStripeEvent(t.db, event);
  const sent: string[] = [];
  const onQuery = (q: { sql: string }) => sent.push(q.sql);
  t.db.on('query', onQuery);
  const result = await applyProviderEvent(t.db, event.id).finally(() => t.db.off('query', onQuery));
  return { result, sent, paymentReads: sent.filter((sql) => /from "donations" where/i.test(sql)).length, purchaseReads: sent.filter((sql) => /from "token_purchases"/i.test(sql)).length };
}

describe('a lone paid checkout', () => {
  it('with a clean charge reads its payment once and not the purchase it appended', async () => {
    for (const tokens of [true, false]) {
      const { result, paymentReads, purchaseReads } = await applyPaidDonation({ tokens });
      expect(result).toMatchObject({ status: 'paid', charge: { refundedCents: 0, dispute: null }, reversalRow: null });
      expect(Boolean(result?.ledgerRow)).toBe(tokens);
      expect({ paymentReads, purchaseReads }).toEqual({ paymentReads: 1, purchaseReads: 0 });
    }
  });

  it('refunded before its checkout event still settles: the refund is reversed in the same transaction', async () => {
    const { result, purchaseReads } = await applyPaidDonation({ tokens: true, refundedFirst: 500 });
    expect(result).toMatchObject({ previous: 'pending', status: 'partially_refunded', charge: { refundedCents: 500, dispute: null } });
    expect(result?.ledgerRow?.investment_amount_usd).toBe('15.00');
    expect(result?.reversalRow?.investment_amount_usd).toBe('-5.00');
    expect(purchaseReads).toBeGreaterThan(0);
  });
});
