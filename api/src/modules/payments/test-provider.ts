import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { CheckoutSessionLike } from '@app/common/server/payments/checkout';
import { localEvent, localIntentOf, refundLocalSession } from '@app/common/server/payments/local-refund';
import { MONTHLY_KIND } from '@app/common/server/payments/monthly';
import { findLocalSubscription, localInvoiceObject, type LocalSubscriptionRow } from './local-subscriptions';
import { verifyStripeSignature, type CheckoutParams, type MonthlyCheckoutParams, type PaymentProvider, type RefundParams } from './provider';

/** The signing secret of the local test checkout's webhooks (it never leaves this process). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_test_mode';

interface LocalSessionRow {
  id: string;
  kind: string;
  row_id: string;
  amount_cents: string;
  name: string;
  description: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  refunded_cents: string;
  expires_at: Date | null;
  mode: 'payment' | 'subscription';
  email: string | null;
}


const signer = new Stripe('sk_test_local_refund_signer_only');

/** Signs a Stripe-shaped event with the local webhook secret, as Stripe would sign it. */
export function signLocalEvent(type: string, object: object): { payload: string; signature: string } {
  const event = localEvent(type, object);
  const payload = JSON.stringify(event);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET }) };
}

/** A local session in Stripe's shape; a subscription checkout's with its subscription and (expanded) first invoice. */
export function localSessionObject(r: LocalSessionRow, sub?: LocalSubscriptionRow): CheckoutSessionLike & { object: 'checkout.session'; currency: 'usd'; client_reference_id: string } {
  if (r.mode === 'subscription') {
    return {
      id: r.id,
      object: 'checkout.session',
      mode: 'subscription',
      currency: 'usd',
      client_reference_id: r.row_id,
      status: r.status,
      payment_status: r.payment_status,
      amount_total: Number(r.amount_cents),
      metadata: { kind: MONTHLY_KIND, row_id: r.row_id },
      subscription: sub?.id ?? null,
      customer: sub?.customer_id ?? null,
      customer_details: { email: r.email },
      invoice: sub ? localInvoiceObject(sub, 1, true) : null,
    };
  }
  return {
    id: r.id,
    object: 'checkout.session',
    mode: 'payment',
    currency: 'usd',
    client_reference_id: r.row_id,
    status: r.status,
    payment_status: r.payment_status,
    amount_total: Number(r.amount_cents),
    metadata: { kind: r.kind, row_id: r.row_id },
    payment_intent: r.payment_status === 'paid' ? localIntentOf(r.id) : null,
  };
}

/** Loads a local session (undefined when unknown). */
export async function findLocalSession(db: Knex, id: string): Promise<LocalSessionRow | undefined> {
  return (await db('local_checkout_sessions').where({ id }).first()) as LocalSessionRow | undefined;
}

/** Closes an open local session as the hosted page's Pay (paid) or Cancel (expired) would. */
export async function settleLocalSession(db: Knex, id: string, outcome: 'paid' | 'expired'): Promise<void> {
  await db('local_checkout_sessions').where({ id }).update(outcome === 'paid' ? { status: 'complete', payment_status: 'paid' } : { status: 'expired' });
}

/**
 * The local test-mode checkout: sessions live in Postgres, the "hosted page" is served by this API at
 * /checkout/test/:id, and paying there sends a signed Stripe-shaped event through our own webhook.
 */
export function testProvider(opts: { db: Knex; publicUrl: string; deliver: (signed: { payload: string; signature: string }) => Promise<void> }): PaymentProvider {
  const verifier = new Stripe('sk_test_local_checkout_verifier_only');
  return {
    mode: 'test',
    // Idempotent on the row (as Stripe's idempotency key): the insert, and only when the row has a session already,
    // a read of it; one round trip for a new checkout.
    async createCheckout(p: CheckoutParams) {
      const fresh = `cs_test_local_${randomBytes(16).toString('hex')}`;
      const [inserted] = (await opts.db('local_checkout_sessions')
        .insert({
          id: fresh,
          kind: p.kind,
          row_id: p.rowId,
          amount_cents: p.amountCents,
          name: p.name,
          description: p.description,
          success_url: `${p.successUrl}${p.successUrl.includes('?') ? '&' : '?'}session_id=${fresh}`,
          cancel_url: p.cancelUrl,
          expires_at: p.expiresAt ?? null,
        })
        .onConflict(['kind', 'row_id'])
        .ignore()
        .returning('id')) as Array<{ id: string }>;
      const id = inserted?.id ?? ((await opts.db('local_checkout_sessions').where({ kind: p.kind, row_id: p.rowId }).first('id')) as { id: string }).id;
      return { id, url: `${opts.publicUrl}/checkout/test/${id}` };
    },
    async retrieveCheckout(id: string) {
      const row = await findLocalSession(opts.db, id);
      if (!row) throw Object.assign(new Error(`No such checkout session: ${id}`), { statusCode: 404 });
      return localSessionObject(row, row.mode === 'subscription' ? await findLocalSubscription(opts.db, { checkout_session_id: id }) : undefined);
    },
    async createMonthlyCheckout(p: MonthlyCheckoutParams) {
      const existing = (await opts.db('local_checkout_sessions').where({ kind: MONTHLY_KIND, row_id: p.rowId }).first('id')) as { id: string } | undefined;
      const id = existing?.id ?? `cs_test_local_${randomBytes(16).toString('hex')}`;
      if (!existing) {
        const success = `${p.successUrl}${p.successUrl.includes('?') ? '&' : '?'}session_id=${id}`;
        await opts.db('local_checkout_sessions').insert({ id, kind: MONTHLY_KIND, mode: 'subscription', row_id: p.rowId, amount_cents: p.amountCents, name: p.name, description: p.description, success_url: success, cancel_url: p.cancelUrl, email: p.email ?? null });
      }
      return { id, url: `${opts.publicUrl}/checkout/test/${id}` };
    },
    // The local portal page: keyed by the customer id (random, like a portal session's url), back to `returnUrl`.
    async createPortalSession(p: { customerId: string; returnUrl: string }) {
      return { url: `${opts.publicUrl}/checkout/test/portal/${encodeURIComponent(p.customerId)}?return=${encodeURIComponent(p.returnUrl)}` };
    },
    // Refunds at once and sends the signed charge.refunded through our own webhook, as Stripe would.
    async refund(p: RefundParams) {
      const charge = await refundLocalSession(opts.db, { kind: p.kind, rowId: p.rowId, amountCents: p.amountCents });
      if (!charge) throw Object.assign(new Error('Refund amount is greater than the unrefunded amount'), { statusCode: 400 });
      await opts.deliver(signLocalEvent('charge.refunded', charge));
      return { id: `re_local_${randomBytes(12).toString('hex')}` };
    },
    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return verifyStripeSignature(verifier, rawBody, signature, LOCAL_WEBHOOK_SECRET);
    },
  };
}
