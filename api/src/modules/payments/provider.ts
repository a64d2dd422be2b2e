import type Stripe from 'stripe';
import type { PaymentKind } from '@app/common/domain/payments';
import type { CheckoutSessionLike } from '@app/common/server/payments/checkout';

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
