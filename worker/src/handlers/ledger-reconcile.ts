import type { Handler } from '../context';
import { enqueue } from '@app/common/server/queues';

/**
 * Inbox events still unprocessed a minute after they arrived are enqueued again (the webhook
 * accepted them while Redis was down, or a job was lost). jobId = event id: BullMQ ignores a
 * duplicate of a job that still exists; a job that failed for good is retried.
 */
export const ledgerReconcile: Handler<'ledger.reconcile'> = async (_payload, { db, queues, log }) => {
  const stale = (await db('stripe_events')
    .whereNull('processed_at')
    .where('received_at', '<', db.raw(`now() - interval '60 seconds'`))
    .orderBy('received_at')
    .limit(1000)
    .select('id')) as Array<{ id: string }>;
  let requeued = 0;
  for (const { id } of stale) {
    const existing = await queues.ledger.getJob(id);
    if (existing && (await existing.isFailed())) {
      await existing.retry();
      requeued++;
    } else if (!existing) {
      await enqueue(queues, 'ledger.record', { eventId: id }, { jobId: id });
      requeued++;
    }
  }
  if (requeued) log.warn({ requeued, stale: stale.length }, 'reconciler re-enqueued unprocessed payment events');
  return { stale: stale.length, requeued };
};
