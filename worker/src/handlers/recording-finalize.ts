import { enqueueArchiveThumbnail } from '@app/common/server/archive/archive-thumbnails';
import { UnrecoverableError } from 'bullmq';
import { findRecording, missingMessage, type RecordingRow } from '@app/common/server/studio/recordings.repository';
import type { ChunkRow } from '@app/common/server/studio/recording-chunks.repository';
import { announceRecording, announceRecordingProgress, announceSession } from '@app/common/server/realtime';
import { RemuxError } from '@app/common/server/media/remux';
import { changeStatus } from '@app/common/server/sessions/speaker-sessions.repository';
import type { Storage } from '@app/common/server/storage/index';
import type { Handler, HandlerContext } from '../context';
import { assembleRecording, type AssembledRecording } from '../media/assemble-recording';

/** Progress is announced at most every this many percent. */
const PROGRESS_STEP = 5;

/**
 * The take's duration in whole seconds. The studio reports the seconds its timer counted while live
 * (pauses excluded: MediaRecorder records nothing while paused); the server keeps that, but never more
 * than the wall-clock time between start and Stop (plus one second of rounding), since a client could
 * report anything. Without a report, the wall-clock time (which counts pauses and reconnect gaps).
 */
function takeDuration(r: Pick<RecordingRow, 'started_at' | 'ended_at' | 'duration_seconds'>): number {
  const wall = Math.max(0, ((r.ended_at ?? r.started_at).getTime() - r.started_at.getTime()) / 1000);
  if (r.duration_seconds === null) return Math.round(wall);
  return Math.max(0, Math.min(r.duration_seconds, Math.ceil(wall) + 1));
}

/** The seqs 0..finalSeq absent from `chunks` (ascending, by seq). */
function gaps(chunks: readonly ChunkRow[], finalSeq: number): number[] {
  const missing: number[] = [];
  let expect = 0;
  for (const c of chunks) {
    for (; expect < c.seq; expect++) missing.push(expect);
    expect = c.seq + 1;
  }
  for (; expect <= finalSeq; expect++) missing.push(expect);
  return missing;
}

/** Deletes every chunk object and row of a take (after it is complete; a rerun finds fewer or none). */
async function deleteChunks(db: HandlerContext['db'], storage: Storage, recordingId: string): Promise<number> {
  const rows = (await db('recording_chunks').where({ recording_id: recordingId }).pluck('storage_key')) as string[];
  await storage.deleteMany(rows);
  await db('recording_chunks').where({ recording_id: recordingId }).delete();
  return rows.length;
}

/**
 * recording.finalize: checks seqs 0..final_seq are all stored, streams them in order through a remux
 * (ffmpeg -c copy: duration and seek index, no re-encoding; media/assemble-recording.ts) into ONE object
 * at recordingObjectKey(session, Stop time), then in one transaction completes the take (object key,
 * size and sha256 of the stored file, those of the raw chunks, the duration the file states), moves
 * the session live → completed with its recording URL and duration, and creates (or refreshes) its
 * archive row; then deletes the chunks. A take that cannot be remuxed (truncated, corrupt) fails at
 * once with ffmpeg's reason and keeps its chunks.
 *
 * Idempotent: the object key depends only on the take, so a rerun overwrites the same object; the
 * completion only applies to a take still finalizing; the archive row is unique per session; a take
 * already completed only has its leftover chunks deleted. A failure is retried; the last attempt marks
 * the take failed with the reason (for example the missing seqs) and announces it.
 */
export const recordingFinalize: Handler<'recording.finalize'> = async ({ recordingId }, { db, storage, emitter, log, job, queues }) => {
  const started = performance.now();
  const rec = await findRecording(db, recordingId);
  if (!rec) throw new UnrecoverableError(`recording ${recordingId} does not exist`);
  if (rec.status === 'recording') throw new UnrecoverableError(`recording ${recordingId} is still live: it has not been finished`);
  if (rec.status === 'failed') return { skipped: 'failed' };
  if (rec.status === 'completed') return { skipped: 'completed', chunksDeleted: await deleteChunks(db, storage, rec.id) };
  const finalSeq = rec.final_seq;
  if (finalSeq === null) throw new UnrecoverableError(`recording ${recordingId} is finalizing without a final seq`);

  let assembled: AssembledRecording & { duration: number };
  try {
    const chunks = ((await db('recording_chunks')
      .where({ recording_id: rec.id })
      .where('seq', '<=', finalSeq)
      .orderBy('seq')
      .select('recording_id', 'seq', 'size_bytes', 'storage_key', 'sha256')) as ChunkRow[]).map((c) => ({ ...c, seq: Number(c.seq), size_bytes: Number(c.size_bytes) }));
    const missing = gaps(chunks, finalSeq);
    if (missing.length > 0) throw new Error(missingMessage(missing));

    const total = chunks.reduce((n, c) => n + c.size_bytes, 0);
    let announced = -PROGRESS_STEP;
    const stored = await assembleRecording(storage, rec, chunks, (done) => {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (percent >= announced + PROGRESS_STEP && percent < 100) {
        announced = percent - (percent % PROGRESS_STEP);
        announceRecordingProgress(emitter, { session_id: rec.session_id, recording_id: rec.id, percent: announced });
      }
    });
    if (stored.sourceSize !== total) throw new Error(`the chunks hold ${stored.sourceSize} bytes, expected ${total}`);
    // The file's own duration is what players show; the studio's timer only stands in when it states none.
    assembled = { ...stored, duration: stored.durationSeconds === null ? takeDuration(rec) : Math.round(stored.durationSeconds) };
  } catch (err) {
    const attempts = job.opts.attempts ?? 1;
    // A recording ffmpeg cannot read fails the same way on every attempt.
    const last = err instanceof UnrecoverableError || (err instanceof RemuxError && err.permanent) || job.attemptsMade + 1 >= attempts;
    log.warn({ recordingId, attempt: job.attemptsMade + 1, of: attempts, err: (err as Error).message }, last ? 'recording finalize failed for good' : 'recording finalize failed; will retry');
    if (last) {
      const n = await db('recordings').where({ id: rec.id, status: 'finalizing' }).update({ status: 'failed', error: (err as Error).message, updated_at: db.fn.now() });
      if (n) announceRecording(emitter, { session_id: rec.session_id, recording_id: rec.id, status: 'failed', error: (err as Error).message });
    }
    throw err instanceof RemuxError && err.permanent ? new UnrecoverableError(err.message) : err;
  }

  const recordingUrl = storage.publicUrl(assembled.key);
  const done = await db.transaction(async (trx) => {
    const n = await trx('recordings')
      .where({ id: rec.id, status: 'finalizing' })
      .update({
        status: 'completed',
        object_key: assembled.key,
        size_bytes: assembled.size,
        sha256: assembled.sha256,
        source_sha256: assembled.sourceSha256,
        source_size_bytes: assembled.sourceSize,
        duration_seconds: assembled.duration,
        error: null,
        updated_at: trx.fn.now(),
      });
    if (!n) return null; // another run completed it meanwhile
    const session = (await trx('speaker_sessions').where({ id: rec.session_id }).forUpdate().first()) as
      | { id: string; status: string; speaker_id: string | null; session_title: string; session_description: string | null; actual_start_time: Date | null }
      | undefined;
    if (!session) return { sessionCompleted: false };
    let sessionCompleted = false;
    if (session.status === 'live') {
      await changeStatus(trx, session.id, 'completed', { recording_url: recordingUrl, duration_seconds: assembled.duration });
      sessionCompleted = true;
    } else {
      // An admin ended the session by hand while the take was finishing: it keeps its status, gains the recording.
      await trx('speaker_sessions').where({ id: session.id }).update({ recording_url: recordingUrl, duration_seconds: assembled.duration, updated_at: trx.fn.now() });
    }
    const speaker = session.speaker_id
      ? ((await trx('users').where({ id: session.speaker_id }).first('discord_username', 'discord_avatar_url', 'speaker_topic')) as
          | { discord_username: string | null; discord_avatar_url: string | null; speaker_topic: string | null }
          | undefined)
      : undefined;
    const [archive] = (await trx('session_archive')
      .insert({
        session_id: session.id,
        session_title: session.session_title,
        session_description: session.session_description,
        speaker_name: speaker?.discord_username ?? null,
        speaker_topic: speaker?.speaker_topic ?? null,
        speaker_avatar: speaker?.discord_avatar_url ?? null,
        recording_url: recordingUrl,
        duration_seconds: assembled.duration,
        actual_start_time: session.actual_start_time ?? rec.started_at,
      })
      .onConflict('session_id')
      .merge(['recording_url', 'duration_seconds'])
      .returning('id')) as Array<{ id: string }>;
    return { sessionCompleted, archiveId: archive?.id ?? null };
  });
  if (done) {
    announceRecordingProgress(emitter, { session_id: rec.session_id, recording_id: rec.id, percent: 100 });
    announceRecording(emitter, { session_id: rec.session_id, recording_id: rec.id, status: 'completed', recording_url: recordingUrl });
    if (done.sessionCompleted) announceSession(emitter, { session_id: rec.session_id, status: 'completed' });
  }
  const completedMs = Math.round(performance.now() - started);
  const cleanupStarted = performance.now();
  let chunksDeleted: number;
  try {
    chunksDeleted = await deleteChunks(db, storage, rec.id);
  } finally {
    // The archive card's thumbnail (render queue), asked for after the clean-up: this worker may pick it up at
    // once, and its render would share the CPU and the file-system threads with the unlinks. Best effort: the
    // archive listing asks again for a row without one.
    if (done?.archiveId) await enqueueArchiveThumbnail(queues, done.archiveId).catch((err: unknown) => log.warn({ err }, 'archive thumbnail not enqueued'));
  }
  log.info({ recordingId, bytes: assembled.size, parts: assembled.parts, seconds: assembled.duration, chunksDeleted }, 'recording finalized');
  return { key: assembled.key, size: assembled.size, sha256: assembled.sha256, parts: assembled.parts, chunksDeleted, remuxMs: assembled.remuxMs, uploadMs: assembled.uploadMs, assembleMs: assembled.assembleMs, completedMs, cleanupMs: Math.round(performance.now() - cleanupStarted) };
};
