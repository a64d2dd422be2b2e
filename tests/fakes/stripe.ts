// A small local stand-in for the parts of Stripe's API this system calls (Checkout Sessions), so the
// real `stripe` SDK runs in tests without the internet. Honors Idempotency-Key like Stripe does.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import Stripe from 'stripe';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
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
}

export interface FakeStripe {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** How many create calls reached the fake (idempotent replays included). */
  createCalls: number;
  /** The customer paid on Stripe's page. */
  pay(id: string): FakeSession;
  expire(id: string): FakeSession;
  /** A signed webhook delivery for an event about a session (timestamp override for stale tests). */
  event(type: string, session: FakeSession, opts?: { id?: string; timestamp?: number }): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const signer = new Stripe('sk_test_signer');
  const idempotent = new Map<string, string>();
  const state: FakeStripe = {
    baseUrl: '',
    secretKey: 'sk_test_fake_stripe_key',
    webhookSecret: 'whsec_fake_stripe_secret',
    sessions: new Map(),
    createCalls: 0,
    pay(id) {
      const s = state.sessions.get(id)!;
      Object.assign(s, { status: 'complete', payment_status: 'paid' });
      return s;
    },
    expire(id) {
      const s = state.sessions.get(id)!;
      Object.assign(s, { status: 'expired' });
      return s;
    },
    event(type, session, opts = {}) {
      const id = opts.id ?? `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object: { ...session } } });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: state.webhookSecret, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
      return { payload, signature, id };
    },
    close: () => app.close(),
  };

  const authorized = (auth: string | undefined) => auth === `Bearer ${state.secretKey}`;

  app.post('/v1/checkout/sessions', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    state.createCalls += 1;
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && idempotent.has(key)) return state.sessions.get(idempotent.get(key)!);
    const f = req.body as Record<string, string>;
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(f)) {
      const m = /^metadata\[(\w+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const amount = Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]'] ?? 1);
    if (!Number.isInteger(amount) || amount <= 0) return reply.status(400).send({ error: { type: 'invalid_request_error', message: 'Invalid unit_amount' } });
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
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
    };
    state.sessions.set(id, session);
    if (key) idempotent.set(key, id);
    return session;
  });

  app.get('/v1/checkout/sessions/:id', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const s = state.sessions.get((req.params as { id: string }).id);
    if (!s) return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
    return s;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  state.baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return state;
}
