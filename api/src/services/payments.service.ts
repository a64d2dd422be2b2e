import type { FastifyInstance } from 'fastify';
import { applyCheckoutEvent, outcomeOf, PaymentMismatchError, type ApplyResult } from '@app/common/server/payments/checkout';
import { attachCheckoutSession, receiptCodeOf } from '@app/common/server/payments/payments.repository';
import { announcePayment } from '@app/common/server/realtime';
import { httpError } from '../http-error';
import type { CheckoutParams, PaymentProvider } from './payments/provider';

/** The configured provider, or a 503 when payments are switched off (production without Stripe). */
export function requireProvider(app: FastifyInstance): PaymentProvider {
  if (!app.payments) throw httpError(503, 'Payments are not available right now. Please try again later.');
  return app.payments;
}

/**
 * Asks the provider for a checkout for a pending row already written (idempotency key = row id), and
 * stores the session id on the row. A provider failure leaves the row pending; it never becomes paid
 * without the provider saying so.
 */
export async function startCheckout(app: FastifyInstance, params: Omit<CheckoutParams, 'receiptCode'>): Promise<{ id: string; url: string }> {
  const provider = requireProvider(app);
  const receiptCode = await receiptCodeOf(app.db, params.kind, params.rowId);
  if (!receiptCode) throw httpError(404, 'No such payment');
  let session: { id: string; url: string };
  try {
    session = await provider.createCheckout({ ...params, receiptCode });
  } catch (err) {
    app.log.error({ err, kind: params.kind, rowId: params.rowId }, 'payment provider refused the checkout');
    throw httpError(502, 'The payment provider could not start the checkout. Please try again.');
  }
  await attachCheckoutSession(app.db, params.kind, params.rowId, session.id);
  return session;
}

/**
 * The success pages' check: retrieve the session from the provider and, if it is paid and not yet
 * recorded, record it now with the same idempotent function the webhook worker runs.
 */
export async function verifyCheckout(app: FastifyInstance, sessionId: string): Promise<ApplyResult> {
  const provider = requireProvider(app);
  let session;
  try {
    session = await provider.retrieveCheckout(sessionId);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404) throw httpError(404, 'Payment verification failed: unknown session');
    app.log.error({ err }, 'could not retrieve the checkout session');
    throw httpError(502, 'Failed to verify payment');
  }
  try {
    const result = await app.db.transaction((trx) => applyCheckoutEvent(trx, session, outcomeOf('retrieve', session)));
    announcePayment(app.emitter, result);
    return result;
  } catch (err) {
    if (err instanceof PaymentMismatchError) {
      app.log.error({ err: err.message }, 'checkout session does not match our records');
      throw httpError(400, 'Payment verification failed');
    }
    throw err;
  }
}
