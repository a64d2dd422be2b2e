import type { Handler } from '../context';
import { requestLedgerRecords } from '@app/common/server/payments/ledger-record';
import { staleStripeEventIds } from '@app/common/server/payments/provider-events';

/** How old an unprocessed inbox event must be before the scheduled reconciler enqueues it again. */
const DEFAULT_STALE_AFTER_SECONDS = 60;

/**
 * Inbox events still unprocessed `olderThanSeconds` (default a minute) after they arrived are
 * enqueued again (the webhook accepted them while Redis was down, or a job was lost). jobId = event
 * id: BullMQ ignores a duplicate of a job that still exists; a job that failed for good is retried.
 */
export const ledgerReconcile: Handler<'ledger.reconcile'> = async ({ olderThanSeconds = DEFAULT_STALE_AFTER_SECONDS }, { db, queues, log }) => {
  const stale = await staleStripeEventIds(db, olderThanSeconds);
  let requeued = 0;
  for (const id of stale) {
    const existing = await queues.ledger.getJob(id);
    if (existing && (await existing.isFailed())) {
      await existing.retry();
      requeued++;
    } else if (!existing) {
      const failed = await requestLedgerRecords(queues, [id]);
      if (failed) throw failed;
      requeued++;
    }
  }
  if (requeued) log.warn({ requeued, stale: stale.length }, 'reconciler re-enqueued unprocessed payment events');
  return { stale: stale.length, requeued };
};
