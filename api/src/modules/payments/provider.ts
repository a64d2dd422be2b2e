import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { PaymentKind } from '@app/common/domain/payments';
import { applyCheckoutEvent, outcomeOf, PaymentMismatchError, type ApplyResult, type CheckoutSessionLike } from '@app/common/server/payments/checkout';
import { isMonthlySession, MONTHLY_KIND } from '@app/common/server/payments/monthly';
import { attachCheckoutSession, receiptCodeOf } from '@app/common/server/payments/payments.repository';
import { requestSeatRefund } from '@app/common/server/program/seat-refunds';
import type { Queues } from '@app/common/server/queues';
import { announcePayment, type RoomEmitter } from '@app/common/server/realtime';
import { createStripeClient } from '@app/common/server/stripe-client';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { httpError } from '../../http-error';
import { verifyMonthly } from './monthly.service';

// The payment provider (Stripe Checkout, or the local TEST MODE page of test-provider.ts) and the checkouts made
// through it: the provider's interface, Stripe's implementation, then starting and verifying a checkout.

/** One checkout to create; `rowId` (our pending row) is also the idempotency key. */
export interface CheckoutParams {
  kind: PaymentKind;
  rowId: string;
  amountCents: number;
  name: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  email?: string | null;
  /** The payment's receipt code: the bank line's statement descriptor suffix and the provider receipt's reference. */
  receiptCode: string;
  /** When the checkout closes unpaid (an enrolment's seat is held until then); the provider's default otherwise. */
  expiresAt?: Date | undefined;
}

/** A monthly gift's subscription checkout (price data from the amount, monthly; `rowId` is our donation_subscriptions row). */
export type MonthlyCheckoutParams = Pick<CheckoutParams, 'rowId' | 'amountCents' | 'name' | 'description' | 'successUrl' | 'cancelUrl' | 'email'>;

/** One refund to ask the provider for; `idempotencyKey` makes a double click one refund. */
export interface RefundParams {
  kind: PaymentKind;
  rowId: string;
  paymentIntent: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * Where card payments happen: Stripe Checkout, or the local test-mode page when no Stripe key is set.
 * Both produce Stripe-shaped sessions and signed Stripe-shaped webhook events.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  createCheckout(p: CheckoutParams): Promise<{ id: string; url: string }>;
  /** Retrieves a session; a subscription checkout's first invoice comes expanded. */
  retrieveCheckout(id: string): Promise<CheckoutSessionLike>;
  /** A subscription checkout (monthly giving); its invoices then come as invoice.* events. */
  createMonthlyCheckout(p: MonthlyCheckoutParams): Promise<{ id: string; url: string }>;
  /** A customer portal session created on demand (change the card, cancel), returning to `returnUrl`. */
  createPortalSession(p: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Refunds part or all of a paid charge; the provider then sends charge.refunded, which changes our records. */
  refund(p: RefundParams): Promise<{ id: string }>;
  /** Verifies the signature (timestamp within ±300 s) and parses the event; throws on a bad, stale or future-dated one. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** Seconds a webhook's signed timestamp may be off, either way. */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * The header's one signed timestamp (`t=`). More than one is refused: the SDK verifies against the last, so a header
 * carrying two could pass the signature check with one value and the future check with another.
 */
function signedTimestamp(signature: string): number {
  const ts = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('t='))
    .map((part) => part.slice(2));
  if (ts.length !== 1) throw new Error(ts.length ? 'Stripe-Signature carries more than one timestamp' : 'Stripe-Signature carries no timestamp');
  if (!/^\d{1,12}$/.test(ts[0]!)) throw new Error('Stripe-Signature timestamp is not a number');
  return Number(ts[0]);
}

/**
 * Verifies a webhook with the Stripe SDK and refuses a signed timestamp more than the tolerance in the
 * future too: the SDK only refuses old ones, so a leaked signing secret could mint events that stay
 * replayable for as long as their invented date lies ahead. Both checks read the header's one timestamp.
 */
export function verifyStripeSignature(sdk: Stripe, rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new Error('missing Stripe-Signature header');
  const t = signedTimestamp(signature);
  const event = sdk.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_S);
  if (t - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_S) throw new Error('Timestamp outside the tolerance zone (in the future)');
  return event;
}

function toSessionLike(s: Stripe.Checkout.Session): CheckoutSessionLike {
  return {
    id: s.id,
    payment_status: s.payment_status,
    status: s.status,
    amount_total: s.amount_total,
    metadata: s.metadata,
    payment_intent: s.payment_intent,
    mode: s.mode,
    invoice: s.invoice as CheckoutSessionLike['invoice'],
    subscription: typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null),
    customer: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null),
    customer_details: s.customer_details ? { email: s.customer_details.email } : null,
  };
}

/** Stripe Checkout through the official SDK; `apiUrl` points it elsewhere (tests use a local fake Stripe). */
export function stripeProvider(opts: { secretKey: string; webhookSecret: string; apiUrl?: string | undefined }): PaymentProvider {
  const stripe = createStripeClient(opts);
  return {
    mode: 'stripe',
    async createCheckout(p: CheckoutParams) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: p.amountCents, product_data: { name: p.name, description: p.description } } }],
          success_url: `${p.successUrl}${p.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: p.cancelUrl,
          client_reference_id: p.rowId,
          metadata: { kind: p.kind, row_id: p.rowId },
          // Copied onto the charge, so refund events name our row even before the checkout event arrives.
          payment_intent_data: {
            metadata: { kind: p.kind, row_id: p.rowId, receipt_code: p.receiptCode },
            // The payer finds the same code on the bank line, the provider's e-mailed receipt and the success page.
            statement_descriptor_suffix: p.receiptCode,
            description: `Receipt ${p.receiptCode}`,
          },
          ...(p.email ? { customer_email: p.email } : {}),
          ...(p.expiresAt ? { expires_at: Math.floor(p.expiresAt.getTime() / 1000) } : {}),
        },
        { idempotencyKey: `checkout-${p.rowId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id: string) {
      return toSessionLike(await stripe.checkout.sessions.retrieve(id, { expand: ['invoice'] }));
    },
    async createMonthlyCheckout(p: MonthlyCheckoutParams) {
      const metadata = { kind: MONTHLY_KIND, row_id: p.rowId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          // No product or price to create beforehand: the amount the donor chose, every month.
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: p.amountCents, recurring: { interval: 'month' }, product_data: { name: p.name, description: p.description } } }],
          success_url: `${p.successUrl}${p.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: p.cancelUrl,
          client_reference_id: p.rowId,
          metadata,
          // Every invoice names the gift through its subscription's metadata.
          subscription_data: { metadata, description: p.description },
          ...(p.email ? { customer_email: p.email } : {}),
        },
        { idempotencyKey: `monthly-${p.rowId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async createPortalSession(p: { customerId: string; returnUrl: string }) {
      const session = await stripe.billingPortal.sessions.create({ customer: p.customerId, return_url: p.returnUrl });
      return { url: session.url };
    },
    async refund(p: RefundParams) {
      const refund = await stripe.refunds.create(
        { payment_intent: p.paymentIntent, amount: p.amountCents, metadata: { kind: p.kind, row_id: p.rowId } },
        { idempotencyKey: p.idempotencyKey },
      );
      return { id: refund.id };
    },
    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return verifyStripeSignature(stripe, rawBody, signature, opts.webhookSecret);
    },
  };
}

/** What starting and verifying a checkout use: the database, the provider (null when payments are off), the emitter of payment events. */
export interface CheckoutDeps {
  db: Knex;
  provider: PaymentProvider | null;
  emitter: RoomEmitter;
  log: FastifyBaseLogger;
  queues: Queues;
}

/** The configured provider, or a 503 when payments are switched off (production without Stripe). */
export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw httpError(503, 'Payments are not available right now. Please try again later.');
  return provider;
}

/**
 * Asks the provider for a checkout for a pending row already written (idempotency key = row id), and
 * stores the session id on the row. A provider failure leaves the row pending; it never becomes paid
 * without the provider saying so. `receiptCode`: the row's, when the statement that wrote it returned it.
 */
export async function startCheckout(deps: CheckoutDeps, params: Omit<CheckoutParams, 'receiptCode'> & { receiptCode?: string }): Promise<{ id: string; url: string }> {
  const provider = requireProvider(deps.provider);
  const receiptCode = params.receiptCode ?? (await receiptCodeOf(deps.db, params.kind, params.rowId));
  if (!receiptCode) throw httpError(404, 'No such payment');
  let session: { id: string; url: string };
  try {
    session = await provider.createCheckout({ ...params, receiptCode });
  } catch (err) {
    deps.log.error({ err, kind: params.kind, rowId: params.rowId }, 'payment provider refused the checkout');
    throw httpError(502, 'The payment provider could not start the checkout. Please try again.');
  }
  await attachCheckoutSession(deps.db, params.kind, params.rowId, session.id);
  return session;
}

/**
 * The success pages' check: retrieve the session from the provider and, if it is paid and not yet
 * recorded, record it now with the same idempotent function the webhook worker runs.
 */
export async function verifyCheckout(deps: CheckoutDeps, sessionId: string): Promise<ApplyResult> {
  const provider = requireProvider(deps.provider);
  let session;
  try {
    session = await provider.retrieveCheckout(sessionId);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404) throw httpError(404, 'Payment verification failed: unknown session');
    deps.log.error({ err }, 'could not retrieve the checkout session');
    throw httpError(502, 'Failed to verify payment');
  }
  try {
    // A monthly gift's subscription checkout: its own idempotent functions (the first month's donation).
    const result = isMonthlySession(session) ? await verifyMonthly(deps.db, session) : await deps.db.transaction(async (trx) => {
      const applied = await applyCheckoutEvent(trx, session, outcomeOf('retrieve', session));
      await appendToLog(trx); // the ledger row it may have written joins the transparency log in this transaction
      return applied;
    });
    announcePayment(deps.emitter, result);
    await requestSeatRefund(deps.queues, deps.log, result);
    return result;
  } catch (err) {
    if (err instanceof PaymentMismatchError) {
      deps.log.error({ err: err.message }, 'checkout session does not match our records');
      throw httpError(400, 'Payment verification failed');
    }
    throw err;
  }
}
