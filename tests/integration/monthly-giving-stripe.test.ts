import { describe, expect, it } from 'vitest';
import { FULL_CYCLE, giftTotals, startMonthly } from '../helpers/monthly';
import { deliverAccepted, inboxDrained, useStripeSite } from '../helpers/payments';
import { signInAs } from '../helpers/session';
import { eventually } from '../helpers/worker';

// Monthly giving against the fake Stripe over HTTP with the real SDK: a subscription-mode checkout with price data,
// Stripe Billing's events (first invoice, renewals, a declined renewal, the end) through our webhook, and a Customer
// Portal session on demand. The first payment is a donation too: FULL_CYCLE counts four donations, three renewals.

const site = useStripeSite();

describe('monthly giving with Stripe', () => {
  it('records create, three renewals, a declined renewal and cancel once, whatever the order and repeats', async () => {
    const { stripe, t } = site;
    const member = await signInAs(t.app, t.database.db, 'stripe_monthly', { email: 'stripe-monthly@example.org' });
    const { sessionId } = await startMonthly(member, 2000);
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 2000, customer_email: 'stripe-monthly@example.org' });
    expect(session.subscription_metadata).toMatchObject({ kind: 'monthly' });

    stripe.pay(sessionId);
    const completed = stripe.event('checkout.session.completed', { ...session });
    const first = stripe.event('invoice.paid', stripe.firstInvoice(sessionId));
    // The first invoice before its checkout's event (Stripe does not order them).
    await deliverAccepted(t, first);
    await deliverAccepted(t, completed);
    // The success page's verify retrieves the session with its invoice expanded: the same month, not a second.
    const verified = await member.request('POST', '/api/payments/verify', { session_id: sessionId });
    expect(verified.json()).toMatchObject({ success: true, status: 'paid', amount_cents: 2000 });

    const subId = stripe.sessions.get(sessionId)!.subscription!;
    const later = [stripe.renew(subId), stripe.renew(subId), stripe.renew(subId), stripe.renew(subId, { decline: true }), stripe.cancelSubscription(subId)].map((e) => stripe.sign(e));
    for (const e of later) await deliverAccepted(t, e);
    await eventually(async () => (await inboxDrained(t.database.db)) && (await giftTotals(t.database.db, sessionId)).cancellations === 1, 20_000, 'the cycle applied');
    await eventually(async () => (await giftTotals(t.database.db, sessionId)).receipts === 4, 20_000, 'four receipts');
    expect(await giftTotals(t.database.db, sessionId)).toEqual(FULL_CYCLE);

    // Everything again, in reverse order: nothing changes.
    for (const e of [...later, completed, first].reverse()) await deliverAccepted(t, e);
    await eventually(() => inboxDrained(t.database.db), 20_000, 'redeliveries applied');
    await new Promise((r) => setTimeout(r, 300));
    expect(await giftTotals(t.database.db, sessionId)).toEqual(FULL_CYCLE);

    // The receipt's link opens a Customer Portal session made for the click, for this gift's customer.
    const receipt = (await t.database.db('mail_outbox').where({ kind: 'payment-confirmed', to_address: 'stripe-monthly@example.org' }).first('text_body')) as { text_body: string };
    const link = /\/api\/payments\/monthly\/manage\?token=[^\s\])]+/.exec(receipt.text_body)![0];
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(stripe.billing.portalSessions).toHaveLength(1);
    expect(opened.headers.location).toBe(stripe.billing.portalSessions[0]!.url);
    expect(stripe.billing.portalSessions[0]!.customer).toBe(stripe.billing.subscriptions.get(subId)!.customer);
  });

  it('opens the portal for the member who gives, and for no one else', async () => {
    const { stripe, t } = site;
    const giver = await signInAs(t.app, t.database.db, 'portal_giver', { email: 'giver@example.org' });
    const other = await signInAs(t.app, t.database.db, 'portal_other', { email: 'other@example.org' });
    const { sessionId } = await startMonthly(giver, 1000, false);
    stripe.pay(sessionId);
    await deliverAccepted(t, stripe.event('invoice.paid', stripe.firstInvoice(sessionId)));
    await eventually(async () => (await giftTotals(t.database.db, sessionId)).donations === 1, 20_000, 'first month');
    const { rows } = (await giver.request('GET', '/api/payments/monthly')).json() as { rows: Array<{ id: string }> };
    expect(rows).toHaveLength(1);
    expect((await other.request('GET', '/api/payments/monthly')).json()).toEqual({ rows: [] });
    expect((await other.request('POST', `/api/payments/monthly/${rows[0]!.id}/portal`)).statusCode).toBe(404);
    const mine = await giver.request('POST', `/api/payments/monthly/${rows[0]!.id}/portal`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { url: string }).url).toBe(stripe.billing.portalSessions.at(-1)!.url);
    // Without tokens asked for, a month makes no ledger row.
    expect((await giftTotals(t.database.db, sessionId)).ledgerRows).toBe(0);
  });
});
