import type { Knex } from 'knex';
import type { TArchivedSession } from '../../schemas/sessions';
import { toCount } from '../db';

const ORDER = {
  date: 'a.actual_start_time DESC NULLS LAST, a.created_at DESC',
  duration: 'a.duration_seconds DESC NULLS LAST, a.actual_start_time DESC NULLS LAST',
  popular: 'views DESC, a.actual_start_time DESC NULLS LAST',
} as const;

/** How the archive may be sorted. */
export type ArchiveSort = keyof typeof ORDER;

/** Archived sessions matching `search` (title, speaker or topic), with views and the viewer's favorites. */
export async function listArchive(db: Knex, q: { search: string; sort: ArchiveSort; userId: string | null }): Promise<TArchivedSession[]> {
  const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filter = q.search ? `WHERE lower(a.session_title) LIKE :like OR lower(coalesce(a.speaker_name, '')) LIKE :like OR lower(coalesce(a.speaker_topic, '')) LIKE :like` : '';
  const { rows } = (await db.raw(
    `SELECT a.*, (SELECT count(*) FROM session_views v WHERE v.session_id = a.id)::int AS views,
            EXISTS (SELECT 1 FROM session_favorites f WHERE f.session_id = a.id AND f.user_id = :userId) AS favorite
     FROM session_archive a ${filter} ORDER BY ${ORDER[q.sort]} LIMIT 500`,
    { like, userId: q.userId },
  )) as { rows: Array<Omit<TArchivedSession, 'actual_start_time'> & { actual_start_time: Date | null }> };
  return rows.map((r) => ({ ...r, actual_start_time: r.actual_start_time?.toISOString() ?? null }));
}

/** The spec's archive totals: sessions, total minutes (rounded), unique speakers. */
export async function archiveTotals(db: Knex): Promise<{ sessions: number; totalMinutes: number; uniqueSpeakers: number }> {
  const t = (await db('session_archive')
    .select(db.raw('count(*) AS sessions'), db.raw('round(coalesce(sum(duration_seconds), 0) / 60.0) AS minutes'), db.raw('count(DISTINCT speaker_name) AS speakers'))
    .first()) as { sessions: string; minutes: string; speakers: string };
  return { sessions: toCount(t.sessions), totalMinutes: toCount(t.minutes), uniqueSpeakers: toCount(t.speakers) };
}

/** Marks an archived session as a member's favorite; false when there is no such session. */
export async function addFavorite(db: Knex, userId: string, archiveId: string): Promise<boolean> {
  if (!(await db('session_archive').where({ id: archiveId }).first('id'))) return false;
  await db('session_favorites').insert({ user_id: userId, session_id: archiveId }).onConflict(['user_id', 'session_id']).ignore();
  return true;
}

/** Removes a favorite (no-op when it was not one). */
export async function removeFavorite(db: Knex, userId: string, archiveId: string): Promise<void> {
  await db('session_favorites').where({ user_id: userId, session_id: archiveId }).delete();
}

/** Records a view (by the signed-in member, or anonymous) and answers the recording URL; undefined when there is no such session. */
export async function recordView(db: Knex, archiveId: string, userId: string | null): Promise<{ recording_url: string | null } | undefined> {
  const row = (await db('session_archive').where({ id: archiveId }).first('recording_url')) as { recording_url: string | null } | undefined;
  if (!row) return undefined;
  await db('session_views').insert({ session_id: archiveId, user_id: userId });
  return row;
}
