import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../fakes/stripe';
import type { TestApp } from '../helpers/app';
import { paymentCalls, useStripeSite } from '../helpers/payments';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually } from '../helpers/worker';
import { buildCohort } from '../factories/index';

const site = useStripeSite();
let stripe: FakeStripe;
let t: TestApp;
let investor: Client;
const { sessionOf, deliverEvent, allProcessed, donate, newInvestor, invest } = paymentCalls(site, () => investor);

beforeAll(async () => {
  ({ stripe, t } = site);
  await buildCohort(t.database.db);
  investor = await signInAs(t.app, t.database.db, 'investor_one', { email: 'investor@example.org' });
});

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
