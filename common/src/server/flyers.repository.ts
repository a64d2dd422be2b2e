import type { Knex } from 'knex';
import { flyerFileName, flyerJobId, type SessionDay } from '../domain/flyer';
import type { TFlyerStatus } from '../schemas/flyers';
import { enqueue, type Queues } from './queues';

/** A flyers row. */
export interface FlyerRow {
  id: string;
  speaker_id: string;
  session_day: SessionDay;
  profile_version: string;
  job_id: string;
  status: 'pending' | 'ready' | 'failed';
  object_key: string | null;
  error: string | null;
}

/** Why a flyer cannot be asked for. */
export class FlyerRequestError extends Error {
  override name = 'FlyerRequestError';
  constructor(
    readonly statusCode: 404 | 422,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Asks for the flyer of `speakerId` on `day` (spec §7 generate-flyer). The job id is derived from the
 * speaker, the day and the profile version (users.updated_at), so:
 * - a flyer already rendered for that version is answered from its row (no new job);
 * - one still pending keeps its job (BullMQ ignores a duplicate id), re-enqueued only if Redis lost it;
 * - a failed one is retried: the row goes back to pending and the old job is replaced.
 */
export async function requestFlyer(db: Knex, queues: Queues, input: { speakerId: string; day: SessionDay; requestedBy: string | null }): Promise<FlyerRow> {
  const speaker = (await db('users').where({ id: input.speakerId }).first('id', 'speaker_topic', 'updated_at')) as { id: string; speaker_topic: string | null; updated_at: Date } | undefined;
  if (!speaker) throw new FlyerRequestError(404, 'Speaker not found');
  if (!speaker.speaker_topic?.trim()) throw new FlyerRequestError(422, 'This member has no speaker topic yet: a flyer needs one');
  const profileVersion = String(speaker.updated_at.getTime());
  const jobId = flyerJobId(speaker.id, input.day, profileVersion);

  const [inserted] = (await db('flyers')
    .insert({ speaker_id: speaker.id, session_day: input.day, profile_version: profileVersion, job_id: jobId, status: 'pending' })
    .onConflict('job_id')
    .ignore()
    .returning('*')) as FlyerRow[];
  let row = inserted ?? ((await db('flyers').where({ job_id: jobId }).first()) as FlyerRow);
  if (row.status === 'ready') return row;

  const queue = queues.render;
  const existing = await queue.getJob(jobId);
  if (row.status === 'failed' || (existing && (await existing.isFailed()))) {
    await existing?.remove();
    const [reset] = (await db('flyers').where({ job_id: jobId }).update({ status: 'pending', error: null, updated_at: db.fn.now() }).returning('*')) as FlyerRow[];
    row = reset ?? row;
  } else if (existing) {
    return row;
  }
  await enqueue(queues, 'flyer.render', { speakerId: speaker.id, sessionDay: input.day, profileVersion, requestedBy: input.requestedBy }, { jobId });
  return row;
}

/** A flyers row by job id. */
export async function findFlyer(db: Knex, jobId: string): Promise<FlyerRow | undefined> {
  return (await db('flyers').where({ job_id: jobId }).first()) as FlyerRow | undefined;
}

/** The API's answer for a flyers row; `publicUrl` maps the stored key to its URL. */
export function flyerStatus(row: FlyerRow, publicUrl: (key: string) => string): TFlyerStatus {
  const ready = row.status === 'ready' && row.object_key !== null;
  return {
    jobId: row.job_id,
    speakerId: row.speaker_id,
    profileVersion: row.profile_version,
    sessionDay: row.session_day,
    status: row.status,
    flyerUrl: ready ? publicUrl(row.object_key!) : null,
    downloadUrl: ready ? `/api/flyers/${row.job_id}/download` : null,
    fileName: flyerFileName(row.session_day),
    error: row.status === 'failed' ? (row.error ?? 'The flyer could not be rendered') : null,
  };
}
