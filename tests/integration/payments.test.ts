import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type FakeSession } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliver, inboxDrained } from '../helpers/payments';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';
import { buildCohort } from '../factories/index';

let stripe: FakeStripe;
let t: TestApp;
let worker: RunningWorkers;
let investor: Client;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
  await buildCohort(t.database.db);
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  investor = await signInAs(t.app, t.database.db, 'investor_one', { email: 'investor@example.org' });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await stripe?.close();
});

function sessionOf(url: string): FakeSession {
  const id = url.split('/').pop()!;
  const s = stripe.sessions.get(id);
  if (!s) throw new Error(`no fake session for ${url}`);
  return s;
}

/** Delivers a `type` event of `session`: the answer and the event as sent. */
async function deliverEvent(type: string, session: FakeSession, opts: { id?: string; timestamp?: number } = {}) {
  const e = stripe.event(type, session, opts);
  const res = await deliver(t, e);
  return { res, id: e.id, payload: e.payload, signature: e.signature };
}

const allProcessed = () => inboxDrained(t.database.db);

async function donate(body: Record<string, unknown>) {
  const res = await anonymous(t.app).request('POST', '/api/payments/donations', body);
  expect(res.statusCode, res.body).toBe(200);
  return sessionOf(res.json().url);
}

let investors = 0;
/** A new signed-in investor (the payment limit is 5 a minute per member). */
async function newInvestor(): Promise<Client> {
  investors += 1;
  return signInAs(t.app, t.database.db, `investor_${investors}`, { email: `investor${investors}@example.org` });
}

async function invest(amount: number, who: Client = investor) {
  const res = await who.request('POST', '/api/payments/investments', { amount });
  expect(res.statusCode, res.body).toBe(200);
  return { session: sessionOf(res.json().url), body: res.json() as { adx_tokens: string; investment_id: string } };
}

describe('create calls', () => {
  it('donation: pending row first, cleaned text, checkout for the cents amount, our row id as idempotency key', async () => {
    const s = await donate({ amount: 2500, donorName: '  Ada\u0007 Lovelace\n ', message: ' Keep\u0001 going ', wantsAdxTokens: true });
    expect(s.amount_total).toBe(2500);
    expect(s.metadata.kind).toBe('donation');
    const row = await t.database.db('donations').where({ id: s.metadata.row_id }).first();
    expect(row).toMatchObject({ status: 'pending', donor_name: 'Ada Lovelace', message: 'Keep going', wants_adx_tokens: true, checkout_session_id: s.id });
    expect(s.success_url).toBe(`http://localhost:3000/donation-success?session_id=${s.id}`);
  });

  it('donation: refuses less than $1 with the spec message', async () => {
    const res = await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 99 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter a valid donation amount of at least $1.00');
  });

  it('program and sponsorship: the server decides the price, whatever the client sends', async () => {
    for (const kind of ['program', 'sponsorship']) {
      const res = await anonymous(t.app).request('POST', '/api/payments/program', { kind, amount: 1, successUrl: 'https://evil.example' });
      expect(res.statusCode).toBe(200);
      const s = sessionOf(res.json().url);
      expect(s.amount_total).toBe(249700);
      expect(s.success_url).toMatch(/^http:\/\/localhost:3000\/payment-success\?session_id=/);
      expect(s.cancel_url).toBe('http://localhost:3000/pitch-deck');
    }
  });

  it('investment: members only; tokens recomputed on the server; bounds checked', async () => {
    expect((await anonymous(t.app).request('POST', '/api/payments/investments', { amount: 1000 })).statusCode).toBe(401);
    const { session, body } = await invest(1000);
    expect(body.adx_tokens).toBe('10000.00000000');
    expect(session.amount_total).toBe(100000);
    for (const [amount, msg] of [
      [50, 'Minimum investment amount is $100.'],
      [2_000_000, 'Maximum investment amount is $1,000,000.'],
      [-5, 'Investment amount cannot be negative'],
    ] as const) {
      const res = await investor.request('POST', '/api/payments/investments', { amount, adx_tokens: 999999999 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(msg);
    }
    expect(await t.database.db('security_audit_logs').where({ event_type: 'investment_started', user_id: investor.userId })).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('records exactly one ledger row per paid session, whatever the order and however often events arrive', async () => {
    const paidDonation = await donate({ amount: 5000, wantsAdxTokens: true });
    const plainDonation = await donate({ amount: 7000, wantsAdxTokens: false });
    const buyer = await newInvestor();
    const { session: paidInvestment } = await invest(2500, buyer);
    const expiredDonation = await donate({ amount: 1000, wantsAdxTokens: true });
    const failedInvestment = (await invest(300, buyer)).session;
    stripe.pay(paidDonation.id);
    stripe.pay(plainDonation.id);
    stripe.pay(paidInvestment.id);
    stripe.expire(expiredDonation.id);

    const deliveries = [
      stripe.event('checkout.session.completed', paidDonation),
      stripe.event('checkout.session.expired', paidDonation), // late, contradictory: paid is final
      stripe.event('checkout.session.completed', plainDonation),
      stripe.event('checkout.session.completed', paidInvestment),
      stripe.event('checkout.session.expired', expiredDonation),
      stripe.event('checkout.session.completed', { ...failedInvestment, status: 'complete', payment_status: 'unpaid' }),
      stripe.event('checkout.session.async_payment_failed', failedInvestment),
    ];
    const sends = deliveries.flatMap((d) => Array.from({ length: 10 }, () => d));
    sends.sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      sends.map((d) => deliver(t, d)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(sends.map(() => 200));
    await eventually(allProcessed, 20_000, 'every event processed');
    expect(await t.database.db('stripe_events').count({ n: '*' }).first()).toEqual({ n: String(deliveries.length) });

    const ledger = await t.database.db('token_purchases').whereIn('payment_reference', [paidDonation.id, plainDonation.id, paidInvestment.id, expiredDonation.id, failedInvestment.id]);
    expect(ledger.map((r) => r.payment_reference).sort()).toEqual([paidDonation.id, paidInvestment.id].sort());
    const donationRow = ledger.find((r) => r.payment_reference === paidDonation.id)!;
    expect(donationRow).toMatchObject({ investment_amount_usd: '50.00', tokens_to_be_distributed: '500.00000000', source: 'donation' });
    expect(donationRow.investor_id).toMatch(/^ADX\d{4,}$/);
    const investmentRow = ledger.find((r) => r.payment_reference === paidInvestment.id)!;
    expect(investmentRow).toMatchObject({ investment_amount_usd: '2500.00', tokens_to_be_distributed: '25000.00000000', source: 'investment' });

    const status = async (table: string, id: string, col = 'status') => ((await t.database.db(table).where({ id }).first()) as Record<string, string>)[col];
    expect(await status('donations', paidDonation.metadata.row_id!)).toBe('paid');
    expect(await status('donations', plainDonation.metadata.row_id!)).toBe('paid');
    expect(await status('donations', expiredDonation.metadata.row_id!)).toBe('expired');
    expect(await status('investments', paidInvestment.metadata.row_id!, 'payment_status')).toBe('paid');
    expect(await status('investments', failedInvestment.metadata.row_id!, 'payment_status')).toBe('failed');
  });

  it('gives a member one stable investor ID across purchases', async () => {
    const buyer = await newInvestor();
    const a = (await invest(100, buyer)).session;
    const b = (await invest(200, buyer)).session;
    for (const s of [a, b]) await deliverEvent('checkout.session.completed', stripe.pay(s.id));
    await eventually(allProcessed);
    const rows = await t.database.db('token_purchases').whereIn('payment_reference', [a.id, b.id]);
    expect(rows).toHaveLength(2);
    expect(rows[0].investor_id).toBe(rows[1].investor_id);
    expect(await t.database.db('investors').where({ user_id: buyer.userId })).toHaveLength(1);
  });

  it('refuses a bad signature and a stale timestamp, writing nothing', async () => {
    const s = stripe.pay((await donate({ amount: 4200, wantsAdxTokens: true })).id);
    const good = stripe.event('checkout.session.completed', s);
    const tampered = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: good.payload.replace('4200', '4201'), headers: { 'content-type': 'application/json', 'stripe-signature': good.signature } });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: good.payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const { res: stale, id } = await deliverEvent('checkout.session.completed', s, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(await t.database.db('stripe_events').whereIn('id', [good.id, id])).toHaveLength(0);
    expect(await t.database.db('token_purchases').where({ payment_reference: s.id })).toHaveLength(0);
  });

  it('refuses a correctly signed event dated more than 300 s in the future (timestamps are checked both ways)', async () => {
    const s = stripe.pay((await donate({ amount: 4300, wantsAdxTokens: true })).id);
    const now = Math.floor(Date.now() / 1000);
    const { res: future, id } = await deliverEvent('checkout.session.completed', s, { timestamp: now + 3600 });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/timestamp/i);
    // The API judges by its own whole second: a delivery during which the second turned (a busy machine) measured
    // 300 s, not 301, and is sent again.
    let edge: Awaited<ReturnType<typeof deliverEvent>>;
    for (;;) {
      const second = Math.floor(Date.now() / 1000);
      edge = await deliverEvent('checkout.session.completed', s, { timestamp: second + 301 });
      if (Math.floor(Date.now() / 1000) === second) break;
    }
    const { res: edgeRes, id: edgeId } = edge;
    expect(edgeRes.statusCode).toBe(400);
    expect(await t.database.db('stripe_events').whereIn('id', [id, edgeId])).toHaveLength(0);
    const { res: skewed } = await deliverEvent('checkout.session.completed', s, { timestamp: now + 60 });
    expect(skewed.statusCode).toBe(200);
  });

  it('refuses a signature header with more than one timestamp (the future check and the signature read the same one)', async () => {
    const s = stripe.pay((await donate({ amount: 4400, wantsAdxTokens: true })).id);
    const now = Math.floor(Date.now() / 1000);
    const e = stripe.event('checkout.session.completed', s, { timestamp: now + 3600 });
    const v1 = e.signature.split(',').find((p) => p.startsWith('v1='))!;
    for (const header of [`t=${now},t=${now + 3600},${v1}`, `t=${now + 3600},${v1},t=${now}`]) {
      const res = await deliver(t, { payload: e.payload, signature: header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json().message).toMatch(/more than one timestamp/);
    }
    expect(await t.database.db('stripe_events').where({ id: e.id })).toHaveLength(0);
  });

  it('refuses to record a session whose charged amount differs from ours', async () => {
    const s = await donate({ amount: 3000, wantsAdxTokens: true });
    const forged = { ...stripe.pay(s.id), amount_total: 1 };
    const { res, id } = await deliverEvent('checkout.session.completed', forged);
    expect(res.statusCode).toBe(200);
    await eventually(async () => Boolean((await t.database.db('stripe_events').where({ id }).first())?.last_error));
    expect((await t.database.db('stripe_events').where({ id }).first()).last_error).toContain('charged 1 cents');
    expect(await t.database.db('token_purchases').where({ payment_reference: s.id })).toHaveLength(0);
    expect((await t.database.db('donations').where({ id: s.metadata.row_id }).first()).status).toBe('pending');
  });
});

describe('verify (success pages do not depend on webhook timing)', () => {
  it('records a paid donation on verify before any webhook, and the late webhook adds nothing', async () => {
    const s = await donate({ amount: 2500, wantsAdxTokens: true });
    const early = await anonymous(t.app).request('POST', '/api/payments/verify', { session_id: s.id });
    expect(early.json()).toMatchObject({ success: false, status: 'pending' });
    stripe.pay(s.id);
    const res = await anonymous(t.app).request('POST', '/api/payments/verify', { session_id: s.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, kind: 'donation', status: 'paid', amount_cents: 2500, tokens: '250.00000000' });
    expect(body.investor_id).toMatch(/^ADX/);
    await deliverEvent('checkout.session.completed', stripe.sessions.get(s.id)!);
    await eventually(allProcessed);
    expect(await t.database.db('token_purchases').where({ payment_reference: s.id })).toHaveLength(1);
    const search = (await t.app.inject(`/api/ledger?search=${body.investor_id}`)).json();
    expect(search.rows[0]).toMatchObject({ tokens_to_be_distributed: '250.00000000' });
  });

  it('shows an investment only to its owner', async () => {
    const owner = await newInvestor();
    const { session } = await invest(1000, owner);
    stripe.pay(session.id);
    const mine = await owner.request('POST', '/api/payments/investments/verify', { session_id: session.id });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, investment: { adx_tokens: '10000.00000000', payment_status: 'paid', amount_cents: 100000 } });
    const other = await signInAs(t.app, t.database.db, 'nosy_member');
    expect((await other.request('POST', '/api/payments/investments/verify', { session_id: session.id })).statusCode).toBe(403);
    expect((await anonymous(t.app).request('POST', '/api/payments/verify', { session_id: 'cs_test_nope' })).statusCode).toBe(404);
    const list = (await owner.request('GET', '/api/me/investments')).json();
    expect(list.investments[0].investment_id).toBe(mine.json().investment.investment_id);
  });
});
