import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { enqueue, type Queues } from '@app/common/server/queues';
import { announceRecording, announceSession, type RoomEmitter } from '@app/common/server/realtime';
import { finishTake, startOrResumeTake, type FinishOutcome } from '@app/common/server/studio/recordings.repository';

/** How long a stop waits for Redis before answering anyway (the take is already finalizing in Postgres; the reconciler enqueues it later). */
const ENQUEUE_TIMEOUT_MS = 2_000;

/**
 * Starts the session's live take, or finds the one already live; once its transaction has committed, tells the
 * session's room what changed (the session went live, a take started).
 */
export async function startTake({ db, emitter }: { db: Knex; emitter: RoomEmitter }, sessionId: string): ReturnType<typeof startOrResumeTake> {
  const started = await startOrResumeTake(db, sessionId);
  if (started.sessionWentLive) announceSession(emitter, { session_id: sessionId, status: 'live' });
  if (started.created) announceRecording(emitter, { session_id: sessionId, recording_id: started.take.id, status: 'recording' });
  return started;
}

/**
 * Stops a take: with every chunk 0..finalSeq stored it becomes finalizing (committed by finishTake), then
 * recording.finalize is asked for and the session's room learns the take is finalizing. A Redis that does not
 * answer in time does not hold the answer up: recording.reconcile enqueues finalizing takes once it answers.
 */
export async function stopTake(
  { db, emitter, queues, log }: { db: Knex; emitter: RoomEmitter; queues: Queues; log: FastifyBaseLogger },
  recordingId: string,
  finalSeq: number,
  durationSeconds: number | undefined,
): Promise<FinishOutcome> {
  const outcome = await finishTake(db, recordingId, finalSeq, durationSeconds);
  if (outcome.kind !== 'finalizing' || !outcome.enqueue) return outcome;
  const { take } = outcome;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      enqueue(queues, 'recording.finalize', { recordingId: take.id }, { jobId: take.id }),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    log.warn({ recordingId: take.id, err: (err as Error).message }, 'could not enqueue recording.finalize now; the reconciler will');
  } finally {
    clearTimeout(timer);
  }
  announceRecording(emitter, { session_id: take.session_id, recording_id: take.id, status: 'finalizing' });
  return outcome;
}
