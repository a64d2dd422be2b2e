import { UnrecoverableError } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { outcomeOf, PaymentMismatchError, type ApplyResult, type CheckoutSessionLike } from '@app/common/server/payments.repository';
import { announcePayment } from '@app/common/server/realtime';
import { applyChargeEvent, applyCheckoutEvent, CHARGE_EVENT_TYPES, type ChargeLike, type DisputeLike } from '@app/common/server/refunds.repository';
import { requestMail, requestPaymentNotices } from '@app/common/server/mail/enqueue';
import { lockStripeEvent, markStripeEventProcessed } from '@app/common/server/stripe-events.repository';
import type { Handler } from '../context';
import { LedgerBatcher } from '../ledger-batcher';

/** Events applied in one transaction at most (the ledger queue's concurrency bounds it too). */
const MAX_BATCH = 100;
/** One batcher per worker process (per database handle). */
const batchers = new WeakMap<Knex, LedgerBatcher>();

/**
 * Applies one inbox event in one transaction with marking it processed, so a crash anywhere leaves
 * either everything or nothing; a rerun (redelivery, retry, stalled job) finds it processed or finds
 * the ledger row already there. Checkout events decide paid / failed / expired; refund and dispute
 * events (any order, before or after the checkout ones) decide what was taken back.
 */
async function applyAlone(db: Knex, eventId: string, log: Logger): Promise<ApplyResult | null> {
  return db
    .transaction(async (trx) => {
      const event = await lockStripeEvent(trx, eventId);
      if (!event) throw new UnrecoverableError(`stripe event ${eventId} is not in the inbox`);
      if (event.processed_at) return null;
      const object = event.payload.data?.object;
      let applied = null;
      if (event.type.startsWith('checkout.session.') && object) {
        const session = object as CheckoutSessionLike;
        applied = await applyCheckoutEvent(trx, session, outcomeOf(event.type, session));
      } else if (CHARGE_EVENT_TYPES.includes(event.type) && object) {
        applied = await applyChargeEvent(trx, event.type, object as unknown as ChargeLike | DisputeLike);
      }
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
}

/**
 * One job per inbox event. Jobs running at once in this process are applied together (LedgerBatcher: one
 * transaction for the lot, the same effects and results as one each); whenever that is not possible the event
 * gets its own transaction (applyAlone). Either way the job goes on only after its event's commit, and the
 * emits and mail requests follow per event.
 */
export const ledgerRecord: Handler<'ledger.record'> = async ({ eventId }, { db, log, emitter, queues }) => {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new LedgerBatcher(db, MAX_BATCH)));
  const result = await batcher.apply(eventId, log, () => applyAlone(db, eventId, log));
  if (result) {
    announcePayment(emitter, result);
    log.info({ eventId, kind: result.kind, rowId: result.rowId, status: result.status, ledgerRow: Boolean(result.ledgerRow) }, 'payment event applied');
  }
  // After commit, keyed by payment id: a redelivered event asks again and the mail queue drops the repeat.
  if (result?.mailable) {
    if (result.status === 'paid') await requestMail(queues, log, { kind: 'payment-confirmed', paymentKind: result.kind, paymentId: result.rowId });
    await requestPaymentNotices(queues, log, result);
  }
  return result ? { status: result.status, ledgerRow: Boolean(result.ledgerRow) } : { skipped: true };
};
