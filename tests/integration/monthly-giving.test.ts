import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPeriod } from '../../api/src/modules/payments/local-subscriptions';
import { LOCAL_WEBHOOK_SECRET } from '../../api/src/modules/payments/test-provider';
import type { RunningWorkers } from '../../worker/src/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { FULL_CYCLE, giftTotals, startMonthly } from '../helpers/monthly';
import { deliverAccepted, inboxDrained } from '../helpers/payments';
import { signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';

// Monthly giving in TEST MODE (no Stripe key): the local provider bills each month when the app's clock has passed it,
// so three renewals take a moment. Counting: the checkout's own invoice is the first donation; three renewals make
// three more (FULL_CYCLE: four donation rows and receipts, three of them renewals), a declined fourth renewal makes
// none and one failure mail, and the cancellation one mail.

let now = new Date('2026-12-01T10:00:00Z');
let t: TestApp;
let worker: RunningWorkers;
let member: Client;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  member = await signInAs(t.app, t.database.db, 'monthly_donor', { email: 'monthly@example.org' });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const settled = async (sessionId: string, want: Partial<typeof FULL_CYCLE>) =>
  eventually(async () => {
    if (!(await inboxDrained(t.database.db))) return false;
    const got = await giftTotals(t.database.db, sessionId);
    return Object.entries(want).every(([k, v]) => got[k as keyof typeof got] === v);
  }, 20_000, `gift totals ${JSON.stringify(want)}`);

async function nextMonth(expectInvoices = 1): Promise<void> {
  now = nextPeriod(now);
  const res = await t.app.inject({ method: 'POST', url: '/checkout/test/subscriptions/renew-due' });
  expect(res.json()).toEqual({ invoices: expectInvoices });
}

describe('monthly giving in TEST MODE, driven by the clock', () => {
  it('create, three renewals, a declined renewal and cancel: four paid months, four receipts, one failure, one end', async () => {
    const { sessionId } = await startMonthly(member, 1500);
    const page = await member.request('GET', `/checkout/test/${sessionId}`);
    expect(page.body).toContain('$15.00 / month');
    const paid = await member.request('POST', `/checkout/test/${sessionId}/pay`, '', form);
    expect(paid.statusCode).toBe(303);
    const verified = await member.request('POST', '/api/payments/verify', { session_id: sessionId });
    expect(verified.json()).toMatchObject({ success: true, kind: 'donation', status: 'paid', amount_cents: 1500 });
    await settled(sessionId, { donations: 1, receipts: 1 });

    // Nothing is due before the month is over.
    expect((await t.app.inject({ method: 'POST', url: '/checkout/test/subscriptions/renew-due' })).json()).toEqual({ invoices: 0 });
    for (let i = 0; i < 3; i++) await nextMonth();
    await settled(sessionId, { donations: 4, renewals: 3, receipts: 4 });
    // Every month carries the donor's address, so the mailed receipts link (by address) lists them all.
    expect(await t.database.db('donations').whereNotNull('subscription_id').pluck('payer_email')).toEqual(Array(4).fill('monthly@example.org'));

    const listed = (await member.request('GET', '/api/payments/monthly')).json() as { rows: Array<{ id: string; months_paid: number; status: string }> };
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]).toMatchObject({ months_paid: 4, status: 'active' });
    const giftId = listed.rows[0]!.id;

    // The member opens the portal, makes the card decline, and the next month fails.
    const portal = await member.request('POST', `/api/payments/monthly/${giftId}/portal`);
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPath = new URL((portal.json() as { url: string }).url).pathname;
    expect((await member.request('POST', `${portalPath}/decline`, '', form)).statusCode).toBe(303);
    await nextMonth();
    await settled(sessionId, { failures: 1, status: 'past_due' });

    // The receipt's signed link opens a portal session too; an altered one is refused.
    const receipt = (await t.database.db('mail_outbox').where({ kind: 'payment-confirmed', to_address: 'monthly@example.org' }).first('text_body')) as { text_body: string };
    const link = /\/api\/payments\/monthly\/manage\?token=[^\s\])]+/.exec(receipt.text_body)![0];
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toContain('/checkout/test/portal/cus_local_');
    const altered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    // A browser (a person following the mail) is taken to a page that says so, for a bad link of any shape.
    for (const url of [altered, '/api/payments/monthly/manage?token=not-a-token']) {
      const shown = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(shown.statusCode).toBe(303);
      expect(shown.headers.location).toBe('/receipts?manage=invalid');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/monthly/manage?token=not-a-token' })).statusCode).toBe(400);

    // Cancel in the portal.
    expect((await member.request('POST', `${portalPath}/cancel`, '', form)).statusCode).toBe(303);
    await settled(sessionId, { cancellations: 1 });
    expect(await giftTotals(t.database.db, sessionId)).toEqual(FULL_CYCLE);
    expect((await member.request('GET', '/api/payments/monthly')).json()).toEqual({ rows: [] });
    // No more months after the end.
    now = nextPeriod(nextPeriod(now));
    expect((await t.app.inject({ method: 'POST', url: '/checkout/test/subscriptions/renew-due' })).json()).toEqual({ invoices: 0 });

    // Every event again, newest first (redelivered, out of order): nothing changes.
    const signer = new Stripe('sk_test_redeliver');
    const events = (await t.database.db('stripe_events').orderBy('received_at', 'desc').select('payload')) as Array<{ payload: object }>;
    for (const e of events) {
      const payload = JSON.stringify(e.payload);
      await deliverAccepted(t, { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET }) });
    }
    await new Promise((r) => setTimeout(r, 500));
    await settled(sessionId, {});
    expect(await giftTotals(t.database.db, sessionId)).toEqual(FULL_CYCLE);

    // The manage link expires (400 days).
    now = new Date(now.getTime() + 401 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });
});
