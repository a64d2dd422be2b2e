import type Stripe from 'stripe';
import { createStripeClient } from '@app/common/server/stripe-client';
import type { CheckoutSessionLike } from '@app/common/server/payments/checkout';
import { MONTHLY_KIND } from '@app/common/server/payments/monthly';
import { verifyStripeSignature, type CheckoutParams, type MonthlyCheckoutParams, type PaymentProvider, type RefundParams } from './provider';

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
