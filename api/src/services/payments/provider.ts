import type Stripe from 'stripe';
import type { CheckoutSessionLike, PaymentKind } from '@app/common/server/payments.repository';

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
}

/**
 * Where card payments happen: Stripe Checkout, or the local test-mode page when no Stripe key is set.
 * Both produce Stripe-shaped sessions and signed Stripe-shaped webhook events.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  createCheckout(p: CheckoutParams): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutSessionLike>;
  /** Verifies the signature (300 s tolerance) and parses the event; throws on a bad or stale one. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** Seconds a webhook's signed timestamp may be off. */
export const WEBHOOK_TOLERANCE_S = 300;
