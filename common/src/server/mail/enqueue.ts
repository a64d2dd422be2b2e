import type { Logger } from 'pino';
import { mailKey, type TMailRequest } from '../../schemas/mail';
import type { ApplyResult } from '../payments/checkout';
import { enqueue, type Queues } from '../queues';

/**
 * The one seam for asking for a mail: adds mail.send with the message key as job id, so a repeat while
 * the job is queued is dropped by BullMQ, and one after it ran finds the outbox row and sends nothing.
 */
export async function enqueueMail(queues: Queues, req: TMailRequest): Promise<string> {
  return enqueue(queues, 'mail.send', req, { jobId: mailKey(req) });
}

/**
 * For callers whose own work is already committed (a stored form, a paid payment): a mail that cannot
 * be queued (Redis away) is logged, never turned into a failure of what the person did.
 */
export async function requestMail(queues: Queues, log: Pick<Logger, 'warn'>, req: TMailRequest): Promise<void> {
  try {
    await enqueueMail(queues, req);
  } catch (err) {
    log.warn({ mail: mailKey(req), err: (err as Error).message }, 'could not queue the mail');
  }
}

/**
 * The payer's notices for what one applied payment event left (after its commit): a refund notice per
 * refunded amount, a dispute notice per dispute state. Each is keyed by that state, so a redelivered
 * event asks again and the mail queue drops the repeat. A lost dispute's notice says the money went
 * back, so no refund notice follows it.
 */
export async function requestPaymentNotices(queues: Queues, log: Pick<Logger, 'warn'>, result: ApplyResult): Promise<void> {
  const payment = { paymentKind: result.kind, paymentId: result.rowId };
  const charge = result.charge;
  if (!charge || result.status === 'pending') return;
  if (charge.refundedCents > 0 && charge.dispute !== 'lost') await requestMail(queues, log, { kind: 'payment-refunded', ...payment, refundedCents: charge.refundedCents });
  if (charge.dispute) await requestMail(queues, log, { kind: 'payment-dispute', ...payment, state: charge.dispute });
}
