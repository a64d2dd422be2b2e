import { UnrecoverableError } from 'bullmq';
import { audit } from '@app/common/server/audit.repository';
import { insertStripeEvent } from '@app/common/server/payments/provider-events';
import { localEvent, refundLocalSession } from '@app/common/server/payments/local-refund';
import { requestLedgerRecords } from '@app/common/server/payments/ledger-record';
import { notifyEnrolmentOpen } from '@app/common/server/program/notify.repository';
import { requestSeatRefund, seatRefundOf } from '@app/common/server/program/seat-refunds';
import { markSeatRefundRequested, seatRefundsDue, sweepExpiredHolds } from '@app/common/server/program/seats.repository';
import type { Handler } from '../context';

/**
 * Refunds an enrolment paid into a full cohort, in full, through the provider's refund (the admin refund's path: the
 * provider's charge.refunded then moves the payment to refunded and mails the payer, whose notice says why). One
 * refund whatever the number of jobs: the idempotency key is the payment's, and a recorded request is not repeated.
 */
export const programSeatRefund: Handler<'program.seat-refund'> = async ({ paymentId }, { db, queues, log, stripe }) => {
  const due = await seatRefundOf(db, paymentId);
  if (!due) return { skipped: 'not overbooked, or its refund was already asked for' };
  const amount = due.amountCents - due.refundedCents;
  if (amount > 0) {
    if (stripe) {
      // The payment intent arrives with the checkout event that made it overbooked; without it, retry later.
      if (!due.paymentIntent) throw new Error(`enrolment ${paymentId} has no payment intent yet`);
      await stripe.refunds.create({ payment_intent: due.paymentIntent, amount, metadata: { kind: 'program', row_id: paymentId, reason: 'cohort_full' } }, { idempotencyKey: `seat-refund-program-${paymentId}` });
    } else {
      const charge = await refundLocalSession(db, { kind: 'program', rowId: paymentId, amountCents: amount });
      if (!charge) throw new UnrecoverableError(`enrolment ${paymentId} cannot be refunded: no payment provider (refund it by hand)`);
      // The local provider's event takes the webhook's path after its signature check: inbox row, then ledger.record.
      const event = localEvent('charge.refunded', charge);
      if (await insertStripeEvent(db, event)) await requestLedgerRecords(queues, [event.id]);
    }
  }
  await markSeatRefundRequested(db, paymentId);
  await audit(db, 'seat_refund_requested', { userId: null }, { payment_id: paymentId, amount_cents: amount, reason: 'cohort_full' });
  log.warn({ paymentId, amount }, 'enrolment paid into a full cohort: refunded');
  return { refundedCents: amount };
};

/** Frees seats of checkouts that expired unpaid, re-asks lost refunds, and mails "notify me" once enrolment is open. */
export const programSeatSweep: Handler<'program.seat-sweep'> = async (_payload, { db, queues, log }) => {
  const now = new Date();
  const freed = await sweepExpiredHolds(db, now);
  const refunds = await seatRefundsDue(db, 60_000, now);
  for (const paymentId of refunds) await requestSeatRefund(queues, log, { seat: 'overbooked', rowId: paymentId });
  const notified = await notifyEnrolmentOpen(db, queues, log, now);
  if (freed) log.info({ freed }, 'expired seat holds freed');
  return { freed, refunds: refunds.length, notified };
};
