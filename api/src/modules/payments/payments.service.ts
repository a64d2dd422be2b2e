import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { appendToLog } from '@app/common/server/tlog.repository';
import { applyCheckoutEvent, outcomeOf, PaymentMismatchError, type ApplyResult } from '@app/common/server/payments/checkout';
import { attachCheckoutSession, receiptCodeOf } from '@app/common/server/payments/payments.repository';
import { announcePayment, type RoomEmitter } from '@app/common/server/realtime';
import { requestSeatRefund } from '@app/common/server/program/seat-refunds';
import type { Queues } from '@app/common/server/queues';
import { httpError } from '../../http-error';
import { isMonthlySession } from '@app/common/server/payments/monthly';
import { verifyMonthly } from './monthly.service';
import type { CheckoutParams, PaymentProvider } from './provider';

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
