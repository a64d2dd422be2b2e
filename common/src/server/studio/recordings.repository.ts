import type { Knex } from 'knex';
import type { MediaContainer } from '../../media-container';
import { MAX_MISSING_LISTED, type TStudioTake, type TStudioTakeState } from '../../studio';
import { changeStatus, TransitionError } from '../sessions/speaker-sessions.repository';
import type { RecordingStatus } from '../../domain/session-status';

/** A row of `recordings`. */
export interface RecordingRow {
  id: string;
  session_id: string;
  status: RecordingStatus;
  mime_type: string;
  /** Fixed by the first chunk that carries a container header; null until then. */
  container: MediaContainer | null;
  final_seq: number | null;
  bytes_received: string | number;
  object_key: string | null;
  size_bytes: string | number | null;
  duration_seconds: number | null;
  sha256: string | null;
  /** The raw chunks' sha256 and size, in seq order (what the browser recorded, before the remux). */
  source_sha256: string | null;
  source_size_bytes: string | number | null;
  error: string | null;
  started_at: Date;
  ended_at: Date | null;
  updated_at: Date;
}

/** One recording, or undefined. */
export async function findRecording(db: Knex, id: string): Promise<RecordingRow | undefined> {
  return (await db('recordings').where({ id }).first()) as RecordingRow | undefined;
}

/** The seqs held for a take, ascending. */
export async function heldSeqs(db: Knex, recordingId: string): Promise<number[]> {
  return ((await db('recording_chunks').where({ recording_id: recordingId }).orderBy('seq').pluck('seq')) as number[]).map(Number);
}

/** From the held seqs (ascending): the highest contiguous seq from 0, + 1, and the seqs held above it. */
export function resumePoint(sortedSeqs: readonly number[]): { nextSeq: number; heldAfter: number[] } {
  let next = 0;
  let i = 0;
  while (i < sortedSeqs.length && sortedSeqs[i] === next) {
    next++;
    i++;
  }
  return { nextSeq: next, heldAfter: sortedSeqs.slice(i).filter((s) => s > next) };
}

/** The seqs 0..finalSeq not held (at most `limit` of them), ascending. */
async function missingSeqs(db: Knex, recordingId: string, finalSeq: number, limit = MAX_MISSING_LISTED): Promise<number[]> {
  const { rows } = (await db.raw(
    `SELECT s.seq FROM generate_series(0, ?::int) AS s(seq)
     WHERE NOT EXISTS (SELECT 1 FROM recording_chunks c WHERE c.recording_id = ? AND c.seq = s.seq)
     ORDER BY s.seq LIMIT ?`,
    [finalSeq, recordingId, limit],
  )) as { rows: Array<{ seq: number }> };
  return rows.map((r) => Number(r.seq));
}

/** Human text for missing seqs ('3 chunks are missing: 4, 7, 9'). */
export function missingMessage(missing: readonly number[]): string {
  const shown = missing.slice(0, 50).join(', ');
  const more = missing.length > 50 ? ` and ${missing.length - 50} more` : '';
  return `${missing.length}${missing.length >= MAX_MISSING_LISTED ? '+' : ''} recording chunk${missing.length === 1 ? ' is' : 's are'} missing: ${shown}${more}`;
}

/** The take as the studio API answers it. */
export function toTake(r: RecordingRow, nextSeq: number): TStudioTake {
  return { recording_id: r.id, session_id: r.session_id, status: r.status, next_seq: nextSeq, started_at: r.started_at.toISOString() };
}

/** The take with what the server holds of it (GET /api/studio/state). */
export async function takeState(db: Knex, r: RecordingRow, recordingUrl: string | null): Promise<TStudioTakeState> {
  const seqs = await heldSeqs(db, r.id);
  const { nextSeq, heldAfter } = resumePoint(seqs);
  return {
    ...toTake(r, r.status === 'recording' ? nextSeq : (r.final_seq ?? nextSeq - 1) + 1),
    held_after: heldAfter,
    bytes_received: Number(r.bytes_received),
    final_seq: r.final_seq,
    recording_url: r.status === 'completed' ? recordingUrl : null,
    error: r.error,
  };
}

/** The session's live take, else its latest take. */
export async function currentTake(db: Knex, sessionId: string): Promise<RecordingRow | undefined> {
  return (await db('recordings')
    .where({ session_id: sessionId })
    .orderByRaw(`(status = 'recording') DESC, started_at DESC`)
    .first()) as RecordingRow | undefined;
}

/** Why a take cannot start (the API answers 409 with the message). */
export class TakeConflictError extends Error {
  override name = 'TakeConflictError';
}

/**
 * Starts the session's live take or answers the one already live (a reloaded studio resumes it). A
 * scheduled session becomes live (manage-speaker-session start_session) in the same transaction. A
 * take still finalizing, or a session completed or cancelled, refuses. The caller announces what changed
 * after commit (realtime.ts).
 */
export async function startOrResumeTake(db: Knex, sessionId: string): Promise<{ take: RecordingRow; created: boolean; sessionWentLive: boolean }> {
  return db.transaction(async (trx) => {
    const session = (await trx('speaker_sessions').where({ id: sessionId }).forUpdate().first('id', 'status')) as { id: string; status: string } | undefined;
    if (!session) throw new TakeConflictError('Session not found');
    const live = (await trx('recordings').where({ session_id: sessionId, status: 'recording' }).first()) as RecordingRow | undefined;
    if (live) return { take: live, created: false, sessionWentLive: false };
    const finalizing = await trx('recordings').where({ session_id: sessionId, status: 'finalizing' }).first('id');
    if (finalizing) throw new TakeConflictError('The last recording is still being finalized');
    let sessionWentLive = false;
    if (session.status === 'scheduled') {
      try {
        await changeStatus(trx, sessionId, 'live');
      } catch (err) {
        if (err instanceof TransitionError) throw new TakeConflictError(err.message);
        throw err;
      }
      sessionWentLive = true;
    } else if (session.status !== 'live') {
      throw new TakeConflictError(`This session is ${session.status}: it cannot be recorded`);
    }
    const [take] = (await trx('recordings').insert({ session_id: sessionId }).returning('*')) as RecordingRow[];
    return { take: take!, created: true, sessionWentLive };
  });
}

/**
 * Fixes the take's container on its first header chunk; false when the take already has another one
 * (the stream changed format mid-way). A single-row UPDATE, so two sockets cannot fix two containers.
 */
export async function claimContainer(db: Knex, recordingId: string, container: MediaContainer, mimeType: string): Promise<boolean> {
  const n = await db('recordings')
    .where({ id: recordingId })
    .andWhere((q) => q.whereNull('container').orWhere({ container }))
    .update({ container, mime_type: mimeType });
  return n > 0;
}

/** What finishing a take did. */
export type FinishOutcome =
  | { kind: 'finalizing'; take: RecordingRow; enqueue: boolean }
  | { kind: 'missing'; missing: number[] }
  | { kind: 'conflict'; message: string };

/**
 * Stop: checks that seqs 0..finalSeq are all held and moves the take to finalizing with its final seq,
 * end time and the studio's reported duration, under the take's row lock (a chunk being stored holds
 * the same lock, so none slips in between the check and the move). A repeat for a take already
 * finalizing with the same final seq answers it again (the job is re-enqueued under the same id).
 */
export async function finishTake(db: Knex, recordingId: string, finalSeq: number, reportedSeconds: number | undefined): Promise<FinishOutcome> {
  return db.transaction(async (trx) => {
    const take = (await trx('recordings').where({ id: recordingId }).forUpdate().first()) as RecordingRow | undefined;
    if (!take) return { kind: 'conflict', message: 'Recording not found' };
    if (take.status === 'finalizing' || take.status === 'completed') {
      if (take.final_seq !== finalSeq) return { kind: 'conflict', message: `This recording was already finished at chunk ${take.final_seq}` };
      return { kind: 'finalizing', take, enqueue: take.status === 'finalizing' };
    }
    if (take.status === 'failed') return { kind: 'conflict', message: `This recording failed: ${take.error ?? 'unknown error'}` };
    const missing = await missingSeqs(trx, recordingId, finalSeq);
    if (missing.length > 0) return { kind: 'missing', missing };
    const [updated] = (await trx('recordings')
      .where({ id: recordingId })
      .update({
        status: 'finalizing',
        final_seq: finalSeq,
        ended_at: trx.fn.now(),
        duration_seconds: reportedSeconds === undefined ? null : Math.round(reportedSeconds),
        updated_at: trx.fn.now(),
      })
      .returning('*')) as RecordingRow[];
    return { kind: 'finalizing', take: updated!, enqueue: true };
  });
}
