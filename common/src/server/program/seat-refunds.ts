import type { Logger } from 'pino';
import type { Knex } from 'knex';
import { seatRefundJobId } from '../../jobs';
import type { ApplyResult } from '../payments/checkout';
import { enqueueOrLeaveToReconciler, type Queues } from '../queues';

/**
 * After the commit that found an enrolment paid into a full cohort: asks for its refund (one job per payment; the
 * seat sweep asks again for any a lost job left). Called by ledger.record and by the success page's verify call.
 */
export async function requestSeatRefund(queues: Queues, log: Pick<Logger, 'warn'>, result: Pick<ApplyResult, 'seat' | 'rowId'> | null): Promise<void> {
  if (result?.seat !== 'overbooked') return;
  const err = await enqueueOrLeaveToReconciler(queues, 'program.seat-refund', { paymentId: result.rowId }, { jobId: seatRefundJobId(result.rowId) });
  if (err) log.warn({ paymentId: result.rowId, err: err.message }, 'could not queue the seat refund: the seat sweep will ask again');
}

/** An overbooked enrolment's refund as the provider needs it (null: nothing to refund, or not yet known). */
export async function seatRefundOf(db: Knex, paymentId: string): Promise<{ paymentIntent: string | null; amountCents: number; refundedCents: number } | null> {
  const row = (await db('seat_reservations as s')
    .join('program_payments as p', 'p.id', 's.payment_id')
    .leftJoin('payment_charges as c', function () {
      this.on('c.row_id', 'p.id').andOnVal('c.kind', '=', 'program');
    })
    .where({ 's.payment_id': paymentId, 's.status': 'overbooked' })
    .whereNull('s.refund_requested_at')
    .first('p.amount_cents', 'c.payment_intent', 'c.refunded_cents')) as { amount_cents: string; payment_intent: string | null; refunded_cents: string | null } | undefined;
  return row ? { paymentIntent: row.payment_intent, amountCents: Number(row.amount_cents), refundedCents: Number(row.refunded_cents ?? 0) } : null;
}
