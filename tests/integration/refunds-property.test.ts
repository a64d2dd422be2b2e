// Property (docs/decisions/0001-money-moves-back.md): for generated histories of one payment's provider events, each delivered 1–3
// times in any order (concurrently), the payment's final status and its net amount and tokens on the
// ledger equal those of the same history delivered once, in order — and of a plain model of it. Monthly gifts too:
// for generated cycles (renewals paid or declined, an end or none), delivered 1–3 times each in any order, exactly one
// donation, receipt and (with tokens) logged ledger row per paid month, one notice per declined renewal, one per end.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { reversedCents, settledStatus, type DisputeStatus } from '@app/common/domain/payments';
import type { FakeSession } from '../fakes/stripe';
import { giftTotals, startMonthly } from '../helpers/monthly';
import { deliver, inboxDrained, ledgerOf, netOf, startDonation, useStripeSite } from '../helpers/payments';
import { signInAs } from '../helpers/session';
import { logState } from '../helpers/tlog';
import { eventually } from '../helpers/worker';

const site = useStripeSite();

type Checkout = 'paid' | 'async-paid' | 'async-failed' | 'expired';
interface History {
  amount: number;
  checkout: Checkout;
  /** Cents of each successive refund (cumulative never above the amount). */
  refunds: number[];
  dispute: 'none' | 'open' | 'won' | 'lost';
  /** Whether the charge carries our metadata (Checkout copies it) or only its payment intent names the payment. */
  chargeMetadata: boolean;
}

const history: fc.Arbitrary<History> = fc
  .record({
    amount: fc.integer({ min: 100, max: 500_000 }),
    checkout: fc.constantFrom<Checkout>('paid', 'async-paid', 'async-failed', 'expired'),
    shares: fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 3 }),
    dispute: fc.constantFrom<History['dispute']>('none', 'open', 'won', 'lost'),
    chargeMetadata: fc.boolean(),
  })
  .map(({ amount, checkout, shares, dispute, chargeMetadata }) => {
    const moneyArrived = checkout === 'paid' || checkout === 'async-paid';
    const refunds: number[] = [];
    let left = amount;
    // Shares are thousandths of what is still refundable, so the refunds never exceed the charge.
    for (const share of moneyArrived ? shares : []) {
      const cents = Math.max(1, Math.floor((left * share) / 1000));
      if (left - cents < 0) break;
      refunds.push(cents);
      left -= cents;
    }
    return { amount, checkout, refunds, dispute: moneyArrived ? dispute : 'none', chargeMetadata };
  });

/** The history's events in their real order, as snapshots of the session, charge and dispute. */
function eventsOf(h: History, s: FakeSession): Array<{ type: string; object: object }> {
  const session = { ...s, status: 'complete', payment_status: 'unpaid' };
  const out: Array<{ type: string; object: object }> = [];
  if (h.checkout === 'expired') return [{ type: 'checkout.session.expired', object: { ...s, status: 'expired', payment_intent: null } }];
  if (h.checkout === 'paid') out.push({ type: 'checkout.session.completed', object: { ...session, payment_status: 'paid' } });
  else {
    out.push({ type: 'checkout.session.completed', object: session });
    out.push(h.checkout === 'async-paid' ? { type: 'checkout.session.async_payment_succeeded', object: { ...session, payment_status: 'paid' } } : { type: 'checkout.session.async_payment_failed', object: session });
  }
  const charge = site.stripe.charges.get(s.payment_intent!)!;
  let refunded = 0;
  for (const cents of h.refunds) {
    refunded += cents;
    out.push({ type: 'charge.refunded', object: { ...charge, amount_refunded: refunded, refunded: refunded === h.amount, metadata: h.chargeMetadata ? charge.metadata : {} } });
  }
  const dispute = { id: `dp_${charge.id}`, object: 'dispute', amount: h.amount, charge: charge.id, payment_intent: charge.payment_intent };
  if (h.dispute !== 'none') out.push({ type: 'charge.dispute.created', object: { ...dispute, status: 'needs_response' } });
  if (h.dispute === 'won' || h.dispute === 'lost') out.push({ type: 'charge.dispute.closed', object: { ...dispute, status: h.dispute } });
  return out;
}

function eventCount(h: History): number {
  if (h.checkout === 'expired') return 1;
  return (h.checkout === 'paid' ? 1 : 2) + h.refunds.length + (h.dispute === 'none' ? 0 : h.dispute === 'open' ? 1 : 2);
}

/** What the history must lead to, by the rules of domain/payments.ts. */
function model(h: History): { status: string; cents: number } {
  if (h.checkout === 'expired') return { status: 'expired', cents: 0 };
  if (h.checkout === 'async-failed') return { status: 'failed', cents: 0 };
  const refunded = h.refunds.reduce((a, b) => a + b, 0);
  const dispute: DisputeStatus = h.dispute === 'none' ? null : h.dispute;
  return { status: settledStatus(h.amount, refunded, dispute), cents: h.amount - reversedCents(h.amount, refunded, dispute) };
}

async function outcome(s: FakeSession) {
  const db = site.t.database.db;
  const status = ((await db('donations').where({ id: s.metadata.row_id }).first()) as { status: string }).status;
  const net = await netOf(db, s.id);
  const rows = await ledgerOf(db, s.id);
  return { status, cents: net.cents, units: net.units, reversals: rows.filter((r) => r.source === 'reversal') };
}

it('final status and net ledger amounts do not depend on delivery order or repetition', { timeout: 600_000 }, async () => {
  const drained = () => eventually(() => inboxDrained(site.t.database.db), 30_000, 'every event applied');
  await fc.assert(
    fc.asyncProperty(
      history.chain((h) => {
        const n = eventCount(h);
        // How often each event is delivered, and a sort key per possible copy (a random order).
        return fc.tuple(fc.constant(h), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: n, maxLength: n }), fc.array(fc.nat(), { minLength: 3 * n, maxLength: 3 * n }));
      }),
      async ([h, times, keys]) => {
        const logBefore = (await logState(site.t.database.db)).logIds;
        const ordered = site.stripe.pay((await startDonation(site.t, site.stripe, h.amount)).id);
        const shuffled = site.stripe.pay((await startDonation(site.t, site.stripe, h.amount)).id);
        // Once, in order, one at a time.
        for (const e of eventsOf(h, ordered)) {
          expect((await deliver(site.t, site.stripe.event(e.type, e.object))).statusCode).toBe(200);
          await drained();
        }
        // Each 1–3 times (redeliveries share the event id), shuffled, all at once.
        const copies = eventsOf(h, shuffled).flatMap((e, i) => {
          const signed = site.stripe.event(e.type, e.object);
          return Array.from({ length: times[i]! }, () => site.stripe.event(e.type, e.object, { id: signed.id }));
        });
        const order = copies.map((c, i) => ({ c, k: keys[i]! })).sort((x, y) => x.k - y.k);
        const answers = await Promise.all(order.map(({ c }) => deliver(site.t, c)));
        expect(answers.every((a) => a.statusCode === 200)).toBe(true);
        await drained();

        const a = await outcome(ordered);
        const b = await outcome(shuffled);
        const expected = model(h);
        expect(a.status).toBe(expected.status);
        expect(b.status).toBe(a.status);
        expect(a.cents).toBe(expected.cents);
        expect(b.cents).toBe(a.cents);
        expect(b.units).toBe(a.units);
        for (const o of [a, b]) {
          expect(o.cents).toBeGreaterThanOrEqual(0);
          expect(o.units).toBeGreaterThanOrEqual(0n);
          expect(o.reversals.every((r) => Number(r.investment_amount_usd) < 0 && Number(r.tokens_to_be_distributed) <= 0)).toBe(true);
        }
        // The transparency log holds exactly the ledger's rows, each once: the earlier runs' rows as they were, this
        // run's after them (committed later), with leaves and roots that a recomputation from the rows matches.
        const log = await logState(site.t.database.db);
        expect([...log.logIds].sort()).toEqual([...log.rowIds].sort());
        expect(new Set(log.logIds).size).toBe(log.logIds.length);
        expect(log.logIds.slice(0, logBefore.length)).toEqual(logBefore);
        expect(log.audit.firstMismatch).toBeNull();
        expect(log.storedRoot).toBe(log.recomputedRoot);
        expect(log.audit.recomputedRoot).toBe(log.audit.checkpointRoot);
      },
    ),
    { numRuns: Number(process.env.REFUND_PROPERTY_RUNS ?? 30) },
  );
});

/** A monthly gift's history: each renewal paid (true) or declined (false), whether it ends, whether it buys tokens. */
const monthlyHistory = fc.record({ renewals: fc.array(fc.boolean(), { maxLength: 4 }), canceled: fc.boolean(), tokens: fc.boolean(), amount: fc.integer({ min: 100, max: 50_000 }) });

it('a monthly gift records each paid month, failure and end once, whatever the delivery order and repetition', { timeout: 600_000 }, async () => {
  const { stripe, t } = site;
  let donors = 0;
  await fc.assert(
    fc.asyncProperty(
      monthlyHistory.chain((h) => {
        const n = 2 + h.renewals.length + (h.canceled ? 1 : 0);
        return fc.tuple(fc.constant(h), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: n, maxLength: n }), fc.array(fc.nat(), { minLength: 3 * n, maxLength: 3 * n }));
      }),
      async ([h, times, keys]) => {
        const member = await signInAs(t.app, t.database.db, `monthly_prop_${(donors += 1)}`, { email: `monthly-prop-${donors}@example.org` });
        const { sessionId } = await startMonthly(member, h.amount, h.tokens);
        const session = stripe.pay(sessionId);
        const subId = session.subscription!;
        const events = [stripe.event('checkout.session.completed', { ...session }), stripe.event('invoice.paid', stripe.firstInvoice(sessionId))];
        for (const paid of h.renewals) events.push(stripe.sign(stripe.renew(subId, { decline: !paid })));
        if (h.canceled) events.push(stripe.sign(stripe.cancelSubscription(subId)));
        const copies = events.flatMap((e, i) => Array.from({ length: times[i]! }, () => e));
        const order = copies.map((c, i) => ({ c, k: keys[i]! })).sort((x, y) => x.k - y.k);
        const answers = await Promise.all(order.map(({ c }) => deliver(t, c)));
        expect(answers.every((a) => a.statusCode === 200)).toBe(true);

        const paid = 1 + h.renewals.filter(Boolean).length;
        const declined = h.renewals.filter((r) => !r).length;
        const want = {
          donations: paid,
          renewals: paid - 1,
          ledgerRows: h.tokens ? paid : 0,
          loggedRows: h.tokens ? paid : 0,
          receipts: paid,
          receiptsWithManageLink: paid,
          failures: declined,
          cancellations: h.canceled ? 1 : 0,
        };
        await eventually(
          async () => {
            if (!(await inboxDrained(t.database.db))) return false;
            const got = await giftTotals(t.database.db, sessionId);
            return got.receipts === want.receipts && got.failures === want.failures && got.cancellations === want.cancellations;
          },
          30_000,
          'the gift settled',
        );
        await new Promise((r) => setTimeout(r, 200)); // a repeated mail would show now
        const got = await giftTotals(t.database.db, sessionId);
        expect({ ...got, status: undefined }).toEqual({ ...want, status: undefined });
        // The end is final whatever came after it; a running gift's status is the latest event's (active or past due).
        if (h.canceled) expect(got.status).toBe('canceled');
        else expect(['active', 'past_due']).toContain(got.status);
      },
    ),
    { numRuns: Number(process.env.MONTHLY_PROPERTY_RUNS ?? 12) },
  );
});
