import type { Logger } from 'pino';
import { mailKey, type TMailRequest } from '../../schemas/mail';
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
