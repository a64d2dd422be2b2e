import { enqueue } from '@app/common/server/queues';
import type { Handler } from '../context';

/** How long a take may stay finalizing without a change before the reconciler enqueues it again. */
const DEFAULT_FINALIZING_STALE_SECONDS = 120;

/**
 * Takes still finalizing `olderThanSeconds` after their last change get recording.finalize again
 * (Stop was accepted while Redis was down, or the job was lost). jobId = recording id: BullMQ ignores a
 * duplicate of a job that still exists; a job that failed for good while the take stayed finalizing
 * (marking it failed did not commit) is retried.
 */
export const recordingReconcile: Handler<'recording.reconcile'> = async ({ olderThanSeconds = DEFAULT_FINALIZING_STALE_SECONDS }, { db, queues, log }) => {
  const stale = (await db('recordings')
    .where({ status: 'finalizing' })
    .where('updated_at', '<=', db.raw(`now() - make_interval(secs => ?)`, [olderThanSeconds]))
    .orderBy('updated_at')
    .limit(500)
    .pluck('id')) as string[];
  let requeued = 0;
  for (const id of stale) {
    const existing = await queues.recordings.getJob(id);
    if (existing && (await existing.isFailed())) {
      await existing.retry();
      requeued++;
    } else if (!existing || (await existing.isCompleted())) {
      if (existing) await existing.remove();
      await enqueue(queues, 'recording.finalize', { recordingId: id }, { jobId: id });
      requeued++;
    }
  }
  if (requeued) log.warn({ requeued, stale: stale.length }, 'reconciler re-enqueued finalizing recordings');
  return { stale: stale.length, requeued };
};
