// Stripe Billing's part of the fake Stripe: subscription-mode Checkout Sessions (a customer, a subscription and its
// first invoice when paid), renewals paid or declined, cancellation, and Customer Portal sessions (POST
// /v1/billing_portal/sessions), so the real `stripe` SDK runs monthly giving over HTTP.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  customer: string;
  customer_email: string | null;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
}

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  metadata: Record<string, string>;
  amount: number;
  invoices: FakeInvoice[];
}

export interface FakeBilling {
  subscriptions: Map<string, FakeSubscription>;
  /** Portal sessions created through the API, oldest first. */
  portalSessions: Array<{ id: string; customer: string; return_url: string; url: string }>;
}

/** What a subscription checkout session carries beyond a payment one. */
export interface SubscriptionFields {
  subscription_metadata: Record<string, string>;
  subscription: string | null;
  customer: string | null;
  invoice: string | null;
}

interface Ctx {
  billing: FakeBilling;
  baseUrl: () => string;
  authorized: (auth: string | undefined) => boolean;
}

/** A new invoice of `sub` (paid or declined) kept on it. */
function invoiceOf(sub: FakeSubscription, email: string | null, paid: boolean): FakeInvoice {
  const inv: FakeInvoice = {
    id: `in_${randomBytes(12).toString('hex')}`,
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    amount_due: sub.amount,
    amount_paid: paid ? sub.amount : 0,
    billing_reason: sub.invoices.length === 0 ? 'subscription_create' : 'subscription_cycle',
    customer: sub.customer,
    customer_email: email,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
  };
  sub.invoices.push(inv);
  return inv;
}

/** A new subscription for a paid subscription checkout, with its first invoice paid. */
function startSubscription(billing: FakeBilling, amount: number, metadata: Record<string, string>, email: string | null): { sub: FakeSubscription; invoice: FakeInvoice } {
  const tail = randomBytes(12).toString('hex');
  const sub: FakeSubscription = { id: `sub_${tail}`, object: 'subscription', customer: `cus_${tail}`, status: 'active', metadata: { ...metadata }, amount, invoices: [] };
  billing.subscriptions.set(sub.id, sub);
  return { sub, invoice: invoiceOf(sub, email, true) };
}

/** Fields of a POST body `prefix[key]=value` as an object. */
export function fieldsUnder(f: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`);
  for (const [k, v] of Object.entries(f)) {
    const m = re.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

interface SessionLike extends SubscriptionFields {
  amount_total: number;
  customer_email: string | null;
  status: string;
  payment_status: string;
}

/** Pays a subscription checkout once: its customer, subscription and first (paid) invoice. */
export function paySubscription<S extends SessionLike>(billing: FakeBilling, s: S): S {
  if (!s.subscription) {
    const { sub, invoice } = startSubscription(billing, s.amount_total, s.subscription_metadata, s.customer_email);
    Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id, customer: sub.customer, invoice: invoice.id });
  }
  return s;
}

/** The test's hands on Stripe Billing: renew (paid or declined), cancel, and a checkout's first invoice. */
export function billingApi<E>(billing: FakeBilling, sessions: Map<string, SessionLike>, record: (type: string, object: unknown) => E) {
  return {
    renew(subscriptionId: string, opts: { decline?: boolean } = {}): E {
      const sub = billing.subscriptions.get(subscriptionId)!;
      const email = [...sessions.values()].find((s) => s.subscription === sub.id)?.customer_email ?? null;
      const inv = invoiceOf(sub, email, !opts.decline);
      sub.status = opts.decline ? 'past_due' : 'active';
      return record(opts.decline ? 'invoice.payment_failed' : 'invoice.paid', { ...inv });
    },
    cancelSubscription(subscriptionId: string): E {
      const sub = billing.subscriptions.get(subscriptionId)!;
      sub.status = 'canceled';
      const { amount: _amount, invoices: _invoices, ...object } = sub;
      return record('customer.subscription.deleted', object);
    },
    firstInvoice(sessionId: string): FakeInvoice {
      const s = sessions.get(sessionId)!;
      return billing.subscriptions.get(s.subscription!)!.invoices[0]!;
    },
  };
}

export function registerBilling(app: FastifyInstance, ctx: Ctx): void {
  app.post('/v1/billing_portal/sessions', async (req, reply) => {
    if (!ctx.authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const f = req.body as Record<string, string>;
    const known = [...ctx.billing.subscriptions.values()].some((s) => s.customer === f.customer);
    if (!known) return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${f.customer}'` } });
    const id = `bps_${randomBytes(12).toString('hex')}`;
    const session = { id, object: 'billing_portal.session', customer: f.customer!, return_url: f.return_url ?? '', url: `${ctx.baseUrl()}/p/session/${id}`, livemode: false };
    ctx.billing.portalSessions.push(session);
    return session;
  });
}
