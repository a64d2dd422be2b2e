import { describe, expect, it } from 'vitest';
import { deliver, inboxDrained, ledgerOf, netOf, startDonation, useStripeSite } from '../helpers/payments';
import { eventually } from '../helpers/worker';

const site = useStripeSite({ tokensPerDollar: '100' });

const db = () => site.t.database.db;
const statusOf = async (rowId: string) => ((await db()('donations').where({ id: rowId }).first()) as { status: string }).status;
async function send(...events: Array<{ payload: string; signature: string }>) {
  for (const e of events) expect((await deliver(site.t, e)).statusCode).toBe(200);
  await eventually(() => inboxDrained(db()), 20_000, 'every event applied');
}
/** A donation paid and recorded through the webhook. */
async function paid(amount: number) {
  const s = site.stripe.pay((await startDonation(site.t, site.stripe, amount)).id);
  await send(site.stripe.event('checkout.session.completed', s));
  return s;
}
const summary = async () => (await site.t.app.inject('/api/ledger/summary')).json() as { totalInvestors: number; totalInvestmentUsd: string; totalTokens: string };

describe('refunds from the provider', () => {
  it('a full refund appends one reversal row referencing the purchase; totals drop; a repeat changes nothing', async () => {
    const s = await paid(4200);
    const before = await summary();
    const refund = site.stripe.refund(s.id);
    await send(site.stripe.sign(refund), site.stripe.sign(refund));
    expect(await statusOf(s.metadata.row_id!)).toBe('refunded');
    const rows = await ledgerOf(db(), s.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ investment_amount_usd: '-42.00', tokens_to_be_distributed: '-4200.00000000', source: 'reversal', reverses_id: rows[0]!.id });
    const after = await summary();
    expect(Number(after.totalInvestmentUsd)).toBeCloseTo(Number(before.totalInvestmentUsd) - 42, 2);
    expect(Number(after.totalTokens)).toBeCloseTo(Number(before.totalTokens) - 4200, 6);
    expect(after.totalInvestors).toBe(before.totalInvestors); // a reversal row is not an investor
  });

  it('repeated partial refunds reverse proportionally, to 8 decimals, and never more than was bought', async () => {
    const s = await paid(1000);
    const first = site.stripe.refund(s.id, 333);
    await send(site.stripe.sign(first));
    expect(await statusOf(s.metadata.row_id!)).toBe('partially_refunded');
    const second = site.stripe.refund(s.id, 333);
    // Out of order and repeated: the older, smaller cumulative amount arrives again after the newer one.
    await send(site.stripe.sign(second), site.stripe.sign(first), site.stripe.sign(second));
    expect(await netOf(db(), s.id)).toEqual({ cents: 334, units: 334_000_000_00n, rows: 3 });
    const last = site.stripe.refund(s.id);
    await send(site.stripe.sign(last), site.stripe.sign(first));
    expect(await statusOf(s.metadata.row_id!)).toBe('refunded');
    expect(await netOf(db(), s.id)).toEqual({ cents: 0, units: 0n, rows: 4 });
  });

  it('a refund that arrives before the checkout event is applied when the payment is recorded', async () => {
    const s = site.stripe.pay((await startDonation(site.t, site.stripe, 2000)).id);
    const refund = site.stripe.refund(s.id, 500);
    await send(site.stripe.sign(refund));
    expect(await statusOf(s.metadata.row_id!)).toBe('pending');
    await send(site.stripe.event('checkout.session.completed', s));
    expect(await statusOf(s.metadata.row_id!)).toBe('partially_refunded');
    expect(await netOf(db(), s.id)).toEqual({ cents: 1500, units: 1500_000_000_00n, rows: 2 });
  });

  it('the public ledger marks the refunded purchase and its reversal row', async () => {
    const s = await paid(7700);
    await send(site.stripe.sign(site.stripe.refund(s.id)));
    const investor = ((await db()('donations').where({ id: s.metadata.row_id }).first()) as { investor_id: string }).investor_id;
    const page = (await site.t.app.inject(`/api/ledger?search=${investor}`)).json() as { rows: Array<{ investment_amount_usd: string; marker?: string }> };
    expect(page.rows.map((r) => [r.investment_amount_usd, r.marker])).toEqual([
      ['-77.00', 'reversal'],
      ['77.00', 'reversed'],
    ]);
  });
});

describe('disputes from the provider', () => {
  it('open → disputed, won → paid again with nothing appended', async () => {
    const s = await paid(3000);
    await send(site.stripe.sign(site.stripe.dispute(s.id, 'needs_response')));
    expect(await statusOf(s.metadata.row_id!)).toBe('disputed');
    const won = site.stripe.dispute(s.id, 'won');
    await send(site.stripe.sign(won));
    expect(await statusOf(s.metadata.row_id!)).toBe('paid');
    expect((await netOf(db(), s.id)).rows).toBe(1);
  });

  it('lost → refunded with a full reversal; a late dispute.created does not reopen it', async () => {
    const s = await paid(3100);
    const created = site.stripe.dispute(s.id, 'needs_response');
    const lost = site.stripe.dispute(s.id, 'lost');
    await send(site.stripe.sign(lost), site.stripe.sign(created));
    expect(await statusOf(s.metadata.row_id!)).toBe('refunded');
    expect(await netOf(db(), s.id)).toEqual({ cents: 0, units: 0n, rows: 2 });
  });

  it('a lost dispute after a partial refund reverses only the rest', async () => {
    const s = await paid(5000);
    await send(site.stripe.sign(site.stripe.refund(s.id, 1000)), site.stripe.sign(site.stripe.dispute(s.id, 'lost')));
    expect(await netOf(db(), s.id)).toEqual({ cents: 0, units: 0n, rows: 3 });
    expect((await ledgerOf(db(), s.id)).map((r) => r.investment_amount_usd)).toEqual(['50.00', '-10.00', '-40.00']);
  });
});
