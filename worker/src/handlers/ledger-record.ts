import { UnrecoverableError } from 'bullmq';
import { applyCheckoutOutcome, outcomeOf, PaymentMismatchError } from '@app/common/server/payments.repository';
import { announcePayment } from '@app/common/server/realtime';
import { requestMail } from '@app/common/server/mail/enqueue';
import { lockStripeEvent, markStripeEventProcessed } from '@app/common/server/stripe-events.repository';
import type { Handler } from '../context';

/**
 * Applies one inbox event in one transaction with marking it processed, so a crash anywhere leaves
 * either everything or nothing; a rerun (redelivery, retry, stalled job) finds it processed or finds
 * the ledger row already there.
 */
export const ledgerRecord: Handler<'ledger.record'> = async ({ eventId }, { db, log, emitter, queues }) => {
  const result = await db
    .transaction(async (trx) => {
    const event = await lockStripeEvent(trx, eventId);
    if (!event) throw new UnrecoverableError(`stripe event ${eventId} is not in the inbox`);
    if (event.processed_at) return null;
    const session = event.payload.data?.object;
    const applied = event.type.startsWith('checkout.session.') && session ? await applyCheckoutOutcome(trx, session, outcomeOf(event.type, session)) : null;
    await markStripeEventProcessed(trx, eventId);
    return applied;
  })
    .catch(async (err: unknown) => {
      if (!(err instanceof PaymentMismatchError)) throw err;
      // A session that matches none of our payments (or charged another amount) will never apply:
      // close it out with the reason, so the reconciler leaves it alone, and fail the job visibly.
      await markStripeEventProcessed(db, eventId, err.message);
      log.error({ eventId, err: err.message }, 'payment event refused');
      throw new UnrecoverableError(err.message);
    });
  if (result) {
    announcePayment(emitter, result);
    log.info({ eventId, kind: result.kind, rowId: result.rowId, status: result.status, ledgerRow: Boolean(result.ledgerRow) }, 'payment event applied');
  }
  // After commit, keyed by payment id: a redelivered event asks again and the mail queue drops the repeat.
  if (result?.status === 'paid') await requestMail(queues, log, { kind: 'payment-confirmed', paymentKind: result.kind, paymentId: result.rowId });
  return result ? { status: result.status, ledgerRow: Boolean(result.ledgerRow) } : { skipped: true };
};
