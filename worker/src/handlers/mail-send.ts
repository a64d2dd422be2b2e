import { mailKey } from '@app/common/schemas/mail';
import { deliverOnce } from '@app/common/server/mail/outbox.repository';
import type { Handler } from '../context';
import { composeMail } from '../mail/compose';

/**
 * Builds the message from Postgres and delivers it once per key. A relay that is down throws, so
 * BullMQ retries with backoff (QUEUE_DEFAULTS.mail) and nothing is lost; the outbox row commits only
 * with a successful delivery.
 */
export const mailSend: Handler<'mail.send'> = async (req, { db, log, mailer }) => {
  const key = mailKey(req);
  const message = await composeMail(db, req, mailer.frame);
  if (!message) {
    log.info({ key }, 'mail skipped: no valid recipient or nothing to confirm');
    return { skipped: true };
  }
  const result = await deliverOnce(db, mailer.transport, key, req.kind, message, mailer.messageIdDomain);
  log.info({ key, ...result }, result.delivered ? 'mail delivered' : 'mail already sent');
  return result;
};
