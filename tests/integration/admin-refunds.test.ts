import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliver, inboxDrained, netOf, startDonation } from '../helpers/payments';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';
import { buildCohort } from '../factories/index';

describe('admin refunds through Stripe (the fake Stripe, real SDK)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let worker: RunningWorkers;
  let admin: Client;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
    worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
    admin = await signInAs(t.app, t.database.db, 'refund_admin', { admin: true });
    await buildCohort(t.database.db);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await stripe?.close();
  });

  const drained = () => eventually(() => inboxDrained(t.database.db), 20_000, 'every event applied');

  it('lists every kind with filters, refunds part then the rest, once per click, audited', async () => {
    const s = stripe.pay((await startDonation(t, stripe, 9000)).id);
    await deliver(t, stripe.event('checkout.session.completed', s));
    await anonymous(t.app).request('POST', '/api/payments/program', { kind: 'sponsorship' });
    await drained();

    const donations = (await admin.request('GET', '/api/admin/payments?kind=donation&status=paid')).json();
    expect(donations.rows.map((r: { id: string }) => r.id)).toContain(s.metadata.row_id);
    const pending = (await admin.request('GET', '/api/admin/payments?kind=sponsorship&status=pending')).json();
    expect(pending.rows[0]).toMatchObject({ kind: 'sponsorship', amount_cents: 249700, status: 'pending' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.request('GET', `/api/admin/payments?from=${today}&to=${today}`)).json().total).toBe(2);
    expect((await admin.request('GET', '/api/admin/payments?to=2000-01-01')).json().total).toBe(0);

    const url = `/api/admin/payments/donation/${s.metadata.row_id}/refund`;
    const first = await admin.request('POST', url, { amount_cents: 2500 });
    expect(first.statusCode, first.body).toBe(200);
    const again = await admin.request('POST', url, { amount_cents: 2500 }); // a double click before the webhook
    expect(again.statusCode).toBe(200);
    expect(stripe.refundCalls).toEqual([{ payment_intent: s.payment_intent, amount: 2500, metadata: { kind: 'donation', row_id: s.metadata.row_id } }]);
    // Stripe sends charge.refunded: deliver what the fake logged.
    const refunded = stripe.events.filter((e) => e.type === 'charge.refunded');
    await deliver(t, stripe.sign(refunded.at(-1)!));
    await drained();
    const row = (await admin.request('GET', '/api/admin/payments?status=partially_refunded')).json().rows[0];
    expect(row).toMatchObject({ id: s.metadata.row_id, refunded_cents: 2500 });

    expect((await admin.request('POST', url, { amount_cents: 7000 })).statusCode).toBe(400);
    expect((await admin.request('POST', url, {})).json()).toMatchObject({ amount_cents: 6500 });
    await deliver(t, stripe.sign(stripe.events.filter((e) => e.type === 'charge.refunded').at(-1)!));
    await drained();
    expect(await netOf(t.database.db, s.id)).toMatchObject({ cents: 0, units: 0n });
    expect((await admin.request('POST', url, {})).statusCode).toBe(409);
    const audited = await t.database.db('security_audit_logs').where({ event_type: 'admin_refund_requested', user_id: admin.userId });
    expect(audited).toHaveLength(3);
  });

  it("keeps the provider's reason when it refuses: a refund asked for while the previous one's event is on its way", async () => {
    const s = stripe.pay((await startDonation(t, stripe, 9000)).id);
    await deliver(t, stripe.event('checkout.session.completed', s));
    await drained();
    const url = `/api/admin/payments/donation/${s.metadata.row_id}/refund`;
    expect((await admin.request('POST', url, { amount_cents: 2500 })).statusCode).toBe(200);
    // Before charge.refunded arrives our records still say 9000 cents are left; Stripe knows 6500 are.
    const refused = await admin.request('POST', url, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Conflict' });
    expect(refused.json().message).toContain('Refund amount is greater than the unrefunded amount');
    expect(refused.json().message).not.toContain('Something went wrong');
  });

  it('is for admins only', async () => {
    const member = await signInAs(t.app, t.database.db, 'plain_member');
    expect((await member.request('GET', '/api/admin/payments')).statusCode).toBe(403);
    expect((await anonymous(t.app).request('POST', `/api/admin/payments/donation/${crypto.randomUUID()}/refund`, {})).statusCode).toBe(401);
  });
});

describe('admin refunds in TEST MODE (the local provider sends the signed charge.refunded through our webhook)', () => {
  let t: TestApp;
  let worker: RunningWorkers;

  beforeAll(async () => {
    t = await startTestApp();
    worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('refunds a paid donation and reverses its ledger row', async () => {
    const admin = await signInAs(t.app, t.database.db, 'local_admin', { admin: true });
    const res = await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 1200, wantsAdxTokens: true });
    const id = (res.json() as { url: string }).url.split('/').pop()!;
    expect((await t.app.inject({ method: 'POST', url: `/checkout/test/${id}/pay` })).statusCode).toBe(303);
    await eventually(() => inboxDrained(t.database.db));
    const rowId = ((await t.database.db('local_checkout_sessions').where({ id }).first()) as { row_id: string }).row_id;
    const refund = await admin.request('POST', `/api/admin/payments/donation/${rowId}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    await eventually(() => inboxDrained(t.database.db));
    expect((await t.database.db('donations').where({ id: rowId }).first()).status).toBe('refunded');
    expect(await netOf(t.database.db, id)).toEqual({ cents: 0, units: 0n, rows: 2 });
  });
});
