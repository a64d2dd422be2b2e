// The payment tests' one set of Stripe helpers: donations at the fake Stripe, webhook deliveries, whether the
// inbox is drained, and what the ledger nets for one payment.
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningWorkers } from '../../worker/src/workers';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from './app';
import { stripeAppEnv } from './processes';
import { anonymous, signInAs, type Client } from './session';
import { startTestWorker } from './worker';

let donors = 0;
/** A pending donation (with tokens unless told) at the fake Stripe. Each from its own address: the donation limit is per IP. */
export async function startDonation(t: TestApp, stripe: FakeStripe, amount: number, wantsAdxTokens = true): Promise<FakeSession> {
  donors += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/donations',
    payload: { amount, wantsAdxTokens },
    remoteAddress: `10.13.${Math.floor(donors / 250) % 250}.${donors % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { url: string }).url.split('/').pop()!;
  return stripe.sessions.get(id)!;
}

/** A donation the donor paid at the fake Stripe (its checkout.session.completed not yet delivered). */
export async function paidDonation(t: TestApp, stripe: FakeStripe, amount: number, wantsAdxTokens = true): Promise<FakeSession> {
  return stripe.pay((await startDonation(t, stripe, amount, wantsAdxTokens)).id);
}

/** Posts one signed delivery to our webhook (of a test app or a bare Fastify app); the answer as it came. */
export function deliver(to: TestApp | FastifyInstance, e: { payload: string; signature: string }) {
  const app = 'app' in to ? to.app : to;
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
}

/** Posts one signed delivery and expects it accepted (200). */
export async function deliverAccepted(to: TestApp | FastifyInstance, e: { payload: string; signature: string }): Promise<void> {
  const res = await deliver(to, e);
  expect(res.statusCode, res.body).toBe(200);
}

/** Whether every inbox event has been applied. */
export async function inboxDrained(db: Knex): Promise<boolean> {
  const row = (await db('stripe_events').whereNull('processed_at').count({ n: '*' }).first()) as { n: string };
  return Number(row.n) === 0;
}

/** The ledger rows of one paid session: its purchase and the reversals of it. */
export async function ledgerOf(db: Knex, sessionId: string): Promise<Array<{ id: string; investment_amount_usd: string; tokens_to_be_distributed: string; source: string; reverses_id: string | null }>> {
  const purchase = (await db('token_purchases').where({ payment_reference: sessionId }).first('id')) as { id: string } | undefined;
  if (!purchase) return [];
  return db('token_purchases').where({ id: purchase.id }).orWhere({ reverses_id: purchase.id }).orderBy('id');
}

/** Net amount (cents) and tokens (units of 1e-8) of one paid session on the ledger. */
export async function netOf(db: Knex, sessionId: string): Promise<{ cents: number; units: bigint; rows: number }> {
  const rows = await ledgerOf(db, sessionId);
  const units = (s: string) => BigInt(s.replace('.', ''));
  return {
    cents: rows.reduce((sum, r) => sum + Math.round(Number(r.investment_amount_usd) * 100), 0),
    units: rows.reduce((sum, r) => sum + units(r.tokens_to_be_distributed), 0n),
    rows: rows.length,
  };
}

/** What {@link useStripeSite} brings up; read its fields inside hooks and tests (they are set in beforeAll). */
export interface StripeSite {
  readonly stripe: FakeStripe;
  readonly t: TestApp;
  readonly worker: RunningWorkers;
}

/**
 * The refund tests' shared set-up: registers beforeAll/afterAll hooks that start the fake Stripe, the app on it
 * (its own database and Redis prefix) and the real workers, and close them again. `tokensPerDollar` sets the token
 * sale's rate first (100: one token per cent, so a refund's figures read in whole tokens).
 */
export function useStripeSite(opts: { tokensPerDollar?: string } = {}): StripeSite {
  const state: { stripe?: FakeStripe; t?: TestApp; worker?: RunningWorkers } = {};
  beforeAll(async () => {
    state.stripe = await startFakeStripe();
    const s = state.stripe;
    state.t = await startTestApp({ env: stripeAppEnv(s) });
    if (opts.tokensPerDollar) await state.t.database.db('token_sale').update({ tokens_per_dollar: opts.tokensPerDollar });
    state.worker = await startTestWorker(state.t.database.db, state.t.config.REDIS_PREFIX);
  });
  afterAll(async () => {
    await state.worker?.close();
    await state.t?.close();
    await state.stripe?.close();
  });
  return {
    get stripe() {
      return state.stripe!;
    },
    get t() {
      return state.t!;
    },
    get worker() {
      return state.worker!;
    },
  };
}

/**
 * The payment route tests' calls on `site`: checkouts started through the API (anonymous donations, investments by
 * `investor()` unless told), the fake sessions they made, and deliveries of their events to the webhook.
 */
export function paymentCalls(site: StripeSite, investor?: () => Client) {
  function sessionOf(url: string): FakeSession {
    const id = url.split('/').pop()!;
    const s = site.stripe.sessions.get(id);
    if (!s) throw new Error(`no fake session for ${url}`);
    return s;
  }

  /** Delivers a `type` event of `session`: the answer and the event as sent. */
  async function deliverEvent(type: string, session: FakeSession, opts: { id?: string; timestamp?: number } = {}) {
    const e = site.stripe.event(type, session, opts);
    const res = await deliver(site.t, e);
    return { res, id: e.id, payload: e.payload, signature: e.signature };
  }

  const allProcessed = () => inboxDrained(site.t.database.db);

  async function donate(body: Record<string, unknown>) {
    const res = await anonymous(site.t.app).request('POST', '/api/payments/donations', body);
    expect(res.statusCode, res.body).toBe(200);
    return sessionOf(res.json().url);
  }

  let investors = 0;
  /** A new signed-in investor (the payment limit is 5 a minute per member). */
  async function newInvestor(): Promise<Client> {
    investors += 1;
    return signInAs(site.t.app, site.t.database.db, `investor_${investors}`, { email: `investor${investors}@example.org` });
  }

  async function invest(amount: number, who: Client = investor!()) {
    const res = await who.request('POST', '/api/payments/investments', { amount });
    expect(res.statusCode, res.body).toBe(200);
    return { session: sessionOf(res.json().url), body: res.json() as { adx_tokens: string; investment_id: string } };
  }

  return { sessionOf, deliverEvent, allProcessed, donate, newInvestor, invest };
}
