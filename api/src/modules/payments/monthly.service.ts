import type { Knex } from 'knex';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import type { ApplyResult, CheckoutSessionLike } from '@app/common/server/payments/checkout';
import { applyMonthlyEvent, findSubscription, insertSubscription, type MonthlyObject } from '@app/common/server/payments/monthly';
import { attachMonthlyCheckout } from '@app/common/server/payments/monthly-gifts.repository';
import { httpError } from '../../http-error';
import { requireProvider, type CheckoutDeps, type PaymentProvider } from './provider';

/** A monthly gift: its pending row first, then the provider's subscription checkout (idempotency key = row id). */
export async function startMonthlyGift(
  deps: CheckoutDeps,
  g: { amountCents: number; donorName: string | null; message: string | null; userId: string | null; email: string | null; rate: string | null; name: string; description: string; successUrl: string; cancelUrl: string },
): Promise<{ url: string }> {
  const provider = requireProvider(deps.provider);
  const rowId = await insertSubscription(deps.db, g);
  let session: { id: string; url: string };
  try {
    session = await provider.createMonthlyCheckout({ rowId, amountCents: g.amountCents, name: g.name, description: g.description, successUrl: g.successUrl, cancelUrl: g.cancelUrl, email: g.email });
  } catch (err) {
    deps.log.error({ err, rowId }, 'payment provider refused the subscription checkout');
    throw httpError(502, 'The payment provider could not start the checkout. Please try again.');
  }
  await attachMonthlyCheckout(deps.db, rowId, session.id);
  return { url: session.url };
}

/**
 * The success page's check of a subscription checkout: the same idempotent functions the worker runs for its
 * checkout.session.completed and its first invoice.paid (retrieved expanded), so the page never waits for webhooks.
 * Answers the first month's donation (pending while the provider has not reported it paid).
 */
export async function verifyMonthly(db: Knex, session: CheckoutSessionLike): Promise<ApplyResult> {
  return db.transaction(async (trx) => {
    const o = session as unknown as MonthlyObject;
    if (session.status === 'complete') await applyMonthlyEvent(trx, 'checkout.session.completed', o);
    const invoice = typeof session.invoice === 'object' && session.invoice ? (session.invoice as unknown as MonthlyObject & { status?: string }) : null;
    const paid = invoice?.status === 'paid' ? await applyMonthlyEvent(trx, 'invoice.paid', invoice) : null;
    await appendToLog(trx); // the month's ledger row, when it made one, joins the log in this transaction
    if (paid) return paid;
    const gift = await findSubscription(trx, session.metadata!.row_id!);
    if (!gift) throw httpError(404, 'Payment verification failed: unknown monthly gift');
    const amountCents = Number(gift.amount_cents);
    return { kind: 'donation', rowId: gift.id, userId: gift.user_id, previous: 'pending', status: 'pending', amountCents, investorId: null, tokens: null, rate: null, ledgerRow: null, mailable: false };
  });
}

/** Opens the provider's Customer Portal for one gift, returning to `returnUrl`; 409 before the provider named its customer. */
export async function portalFor(db: Knex, provider: PaymentProvider | null, giftId: string, returnUrl: string): Promise<{ url: string }> {
  const p = requireProvider(provider);
  const gift = await findSubscription(db, giftId);
  if (!gift) throw httpError(404, 'No such monthly gift');
  if (!gift.provider_customer_id) throw httpError(409, 'This monthly gift has not started yet. Please try again in a minute.');
  try {
    return await p.createPortalSession({ customerId: gift.provider_customer_id, returnUrl });
  } catch {
    throw httpError(502, 'The payment provider could not open its portal. Please try again.');
  }
}
