// A small local stand-in for the parts of Stripe's API this system calls (Checkout Sessions), so the
// real `stripe` SDK runs in tests without the internet. Honors Idempotency-Key like Stripe does.
// Also charges, refunds (POST /v1/refunds) and disputes, the event log (GET /v1/events, paged: stripe-events.ts), and
// subscription checkouts, renewals and Customer Portal sessions (stripe-billing.ts).
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import Stripe from 'stripe';
import { registerEventList } from './stripe-events';
import { billingApi, fieldsUnder, paySubscription, registerBilling, type FakeBilling, type FakeInvoice, type SubscriptionFields } from './stripe-billing';

export interface FakeSession extends SubscriptionFields {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  currency: string;
  amount_total: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items_description: string;
  payment_intent: string | null;
  /** payment_intent_data as sent: what the bank line and the receipt will say. */
  statement_descriptor_suffix: string | null;
  payment_intent_description: string | null;
  /** When Stripe closes the session unpaid (epoch seconds); Stripe's default is 24 hours. */
  expires_at: number;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  metadata: Record<string, string>;
}

interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
}

/** An event as Stripe keeps it (GET /v1/events lists them newest first). */
export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: unknown };
}

export interface FakeStripe {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** How many create calls reached the fake (idempotent replays included). */
  createCalls: number;
  /** Charges by payment intent id (one per paid session). */
  charges: Map<string, FakeCharge>;
  /** Every event created (by event(), refunds and disputes), oldest first. */
  events: FakeEvent[];
  /** Most events one GET /v1/events page returns, whatever limit asks (tests lower it to exercise paging). */
  maxPage: number;
  /** Refunds created through the API (POST /v1/refunds), idempotent replays excluded. */
  refundCalls: Array<{ payment_intent: string; amount: number; metadata: Record<string, string> }>;
  /** The customer paid on Stripe's page (a subscription checkout: its subscription starts, first invoice paid). */
  pay(id: string): FakeSession;
  billing: FakeBilling;
  /** Bills the next month of a subscription, paid or declined; returns the invoice.paid / invoice.payment_failed event. */
  renew(subscriptionId: string, opts?: { decline?: boolean }): FakeEvent;
  /** Ends a subscription (as the portal's cancel would); returns customer.subscription.deleted. */
  cancelSubscription(subscriptionId: string): FakeEvent;
  /** The first invoice of a paid subscription checkout (its invoice.paid event is the caller's to make). */
  firstInvoice(sessionId: string): FakeInvoice;
  expire(id: string): FakeSession;
  /** Refunds `cents` more (default: the rest) of a paid session's charge; returns the charge.refunded event. */
  refund(sessionId: string, cents?: number): FakeEvent;
  /** Opens (needs_response) or closes (won / lost) the dispute of a paid session's charge; returns the charge.dispute.* event. */
  dispute(sessionId: string, status: 'needs_response' | 'won' | 'lost'): FakeEvent;
  /** A signed webhook delivery for an event about a session, charge or dispute (timestamp override for stale tests). */
  event(type: string, object: object, opts?: { id?: string; timestamp?: number }): { payload: string; signature: string; id: string };
  /** A signed webhook delivery of an event already in the log. */
  sign(e: FakeEvent, opts?: { timestamp?: number }): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const signer = new Stripe('sk_test_signer');
  const idempotent = new Map<string, string>();
  const sessions = new Map<string, FakeSession>();
  const billing: FakeBilling = { subscriptions: new Map(), portalSessions: [] };
  const state: FakeStripe = {
    baseUrl: '',
    secretKey: 'sk_test_fake_stripe_key',
    webhookSecret: 'whsec_fake_stripe_secret',
    sessions,
    charges: new Map(),
    events: [],
    refundCalls: [],
    maxPage: 100,
    createCalls: 0,
    billing,
    ...billingApi(billing, sessions, (type, object) => record(type, object)),
    pay(id) {
      const s = state.sessions.get(id)!;
      if (s.mode === 'subscription') return paySubscription(billing, s);
      const intent = s.payment_intent ?? `pi_${randomBytes(12).toString('hex')}`;
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: intent });
      if (!state.charges.has(intent)) {
        state.charges.set(intent, { id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', amount: s.amount_total, amount_refunded: 0, refunded: false, payment_intent: intent, metadata: { ...s.metadata } });
      }
      return s;
    },
    refund(sessionId, cents) {
      const charge = state.charges.get(state.sessions.get(sessionId)!.payment_intent!)!;
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (cents ?? charge.amount - charge.amount_refunded));
      charge.refunded = charge.amount_refunded === charge.amount;
      return record('charge.refunded', { ...charge });
    },
    dispute(sessionId, status) {
      const charge = state.charges.get(state.sessions.get(sessionId)!.payment_intent!)!;
      const d: FakeDispute = { id: `dp_${charge.id.slice(3)}`, object: 'dispute', amount: charge.amount, charge: charge.id, payment_intent: charge.payment_intent, status };
      return record(status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed', d);
    },
    sign(e, opts = {}) {
      const payload = JSON.stringify(e);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: state.webhookSecret, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
      return { payload, signature, id: e.id };
    },
    expire(id) {
      const s = state.sessions.get(id)!;
      Object.assign(s, { status: 'expired' });
      return s;
    },
    event(type, object, opts = {}) {
      const known = opts.id ? state.events.find((e) => e.id === opts.id) : undefined;
      return state.sign(known ?? record(type, { ...object }, opts.id), opts);
    },
    close: () => app.close(),
  };

  function record(type: string, object: unknown, id = `evt_${randomBytes(12).toString('hex')}`): FakeEvent {
    const e: FakeEvent = { id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
    state.events.push(e);
    return e;
  }

  const authorized = (auth: string | undefined) => auth === `Bearer ${state.secretKey}`;

  app.post('/v1/checkout/sessions', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    state.createCalls += 1;
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && idempotent.has(key)) return state.sessions.get(idempotent.get(key)!);
    const f = req.body as Record<string, string>;
    const metadata = fieldsUnder(f, 'metadata');
    const amount = Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]'] ?? 1);
    if (!Number.isInteger(amount) || amount <= 0) return reply.status(400).send({ error: { type: 'invalid_request_error', message: 'Invalid unit_amount' } });
    // Like Stripe: expires_at from 30 minutes to 24 hours after the session's creation.
    const nowS = Math.floor(Date.now() / 1000);
    const expiresAt = f.expires_at ? Number(f.expires_at) : nowS + 86_400;
    if (!Number.isInteger(expiresAt) || expiresAt < nowS + 1800 || expiresAt > nowS + 86_400) {
      return reply.status(400).send({ error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.' } });
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: f.mode === 'subscription' ? 'subscription' : 'payment',
      subscription_metadata: fieldsUnder(f, 'subscription_data[metadata]'),
      subscription: null,
      customer: null,
      invoice: null,
      currency: f['line_items[0][price_data][currency]'] ?? 'usd',
      amount_total: amount,
      status: 'open',
      payment_status: 'unpaid',
      metadata,
      client_reference_id: f.client_reference_id ?? null,
      customer_email: f.customer_email ?? null,
      success_url: (f.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: f.cancel_url ?? '',
      url: `${state.baseUrl}/pay/${id}`,
      line_items_description: f['line_items[0][price_data][product_data][name]'] ?? '',
      payment_intent: null,
      statement_descriptor_suffix: f['payment_intent_data[statement_descriptor_suffix]'] ?? null,
      payment_intent_description: f['payment_intent_data[description]'] ?? null,
      expires_at: expiresAt,
    };
    state.sessions.set(id, session);
    if (key) idempotent.set(key, id);
    return session;
  });

  app.get('/v1/checkout/sessions/:id', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const s = state.sessions.get((req.params as { id: string }).id);
    if (!s) return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
    // expand[]=invoice: the first invoice as an object, like Stripe's expansion.
    const expandInvoice = Object.entries(req.query as Record<string, string>).some(([k, v]) => k.startsWith('expand') && v === 'invoice');
    const invoice = expandInvoice && s.invoice ? state.billing.subscriptions.get(s.subscription!)?.invoices.find((i) => i.id === s.invoice) : undefined;
    return invoice ? { ...s, invoice } : s;
  });

  app.post('/v1/refunds', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && idempotent.has(key)) return JSON.parse(idempotent.get(key)!) as unknown;
    const f = req.body as Record<string, string>;
    const charge = state.charges.get(f.payment_intent ?? '');
    if (!charge) return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${f.payment_intent}'` } });
    const amount = f.amount ? Number(f.amount) : charge.amount - charge.amount_refunded;
    if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) {
      return reply.status(400).send({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than the unrefunded amount' } });
    }
    const metadata = fieldsUnder(f, 'metadata');
    state.refundCalls.push({ payment_intent: charge.payment_intent, amount, metadata });
    const session = [...state.sessions.values()].find((s) => s.payment_intent === charge.payment_intent)!;
    state.refund(session.id, amount);
    const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, charge: charge.id, payment_intent: charge.payment_intent, status: 'succeeded', metadata };
    if (key) idempotent.set(key, JSON.stringify(refund));
    return refund;
  });

  registerEventList(app, () => state, authorized);
  registerBilling(app, { billing: state.billing, baseUrl: () => state.baseUrl, authorized });
  await app.listen({ port: 0, host: '127.0.0.1' });
  state.baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return state;
}
