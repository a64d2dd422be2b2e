import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZArchiveList, ZArchiveQuery, type TArchivedSession } from '@app/common/schemas/sessions';
import { enqueueArchiveThumbnail } from '@app/common/server/archive-thumbnails';
import { toCount } from '@app/common/server/db';
import { httpError } from '../../http-error';

const ZId = z.object({ id: z.uuid({ error: 'id must be an archived session id' }) });
const ORDER = {
  date: 'a.actual_start_time DESC NULLS LAST, a.created_at DESC',
  duration: 'a.duration_seconds DESC NULLS LAST, a.actual_start_time DESC NULLS LAST',
  popular: 'views DESC, a.actual_start_time DESC NULLS LAST',
} as const;

/** The session archive: search, sort, totals, favorites (members) and recorded views. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rows listed without a thumbnail get an archive.thumbnail job (lazily: whatever created the row, the
  // seed included, the first listing with a worker running draws its card). The job id is per row, so a
  // repeat is a no-op in BullMQ; this set only spares Redis the repeats from this process.
  const asked = new Set<string>();
  const askThumbnails = (ids: string[]) => {
    const fresh = ids.filter((id) => !asked.has(id)).slice(0, 50);
    if (fresh.length === 0) return;
    if (asked.size > 10_000) asked.clear();
    for (const id of fresh) asked.add(id);
    void Promise.all(fresh.map((id) => enqueueArchiveThumbnail(app.queues, id))).catch((err: unknown) => {
      for (const id of fresh) asked.delete(id);
      app.log.warn({ err: (err as Error).message }, 'could not enqueue archive thumbnails');
    });
  };

  app.get(
    '/api/archive',
    { config: { access: 'public' }, schema: { tags: ['archive'], summary: 'Archived sessions with totals; favorites marked for the signed-in member', querystring: ZArchiveQuery, response: { 200: ZArchiveList, 400: ZApiError } } },
    async (req) => {
      const { search, sort } = req.query;
      const userId = req.session?.userId ?? null;
      const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const filter = search ? `WHERE lower(a.session_title) LIKE :like OR lower(coalesce(a.speaker_name, '')) LIKE :like OR lower(coalesce(a.speaker_topic, '')) LIKE :like` : '';
      const { rows } = (await app.db.raw(
        `SELECT a.*, (SELECT count(*) FROM session_views v WHERE v.session_id = a.id)::int AS views,
                EXISTS (SELECT 1 FROM session_favorites f WHERE f.session_id = a.id AND f.user_id = :userId) AS favorite
         FROM session_archive a ${filter} ORDER BY ${ORDER[sort]} LIMIT 500`,
        { like, userId },
      )) as { rows: Array<Omit<TArchivedSession, 'actual_start_time'> & { actual_start_time: Date | null }> };
      const totals = (await app.db('session_archive')
        .select(
          app.db.raw('count(*) AS sessions'),
          app.db.raw('round(coalesce(sum(duration_seconds), 0) / 60.0) AS minutes'),
          app.db.raw('count(DISTINCT speaker_name) AS speakers'),
        )
        .first()) as { sessions: string; minutes: string; speakers: string };
      askThumbnails(rows.filter((r) => !r.thumbnail_url).map((r) => r.id));
      return {
        sessions: rows.map((r) => ({ ...r, actual_start_time: r.actual_start_time?.toISOString() ?? null })),
        totals: { sessions: toCount(totals.sessions), totalMinutes: toCount(totals.minutes), uniqueSpeakers: toCount(totals.speakers) },
      };
    },
  );

  app.put(
    '/api/archive/:id/favorite',
    { config: { access: 'member' }, schema: { tags: ['archive'], summary: 'Favorite an archived session', params: ZId, response: { 200: z.object({ favorite: z.boolean() }), 401: ZApiError, 404: ZApiError } } },
    async (req) => {
      if (!(await app.db('session_archive').where({ id: req.params.id }).first('id'))) throw httpError(404, 'Session not found');
      await app.db('session_favorites').insert({ user_id: req.session!.userId, session_id: req.params.id }).onConflict(['user_id', 'session_id']).ignore();
      return { favorite: true };
    },
  );

  app.delete(
    '/api/archive/:id/favorite',
    { config: { access: 'member' }, schema: { tags: ['archive'], summary: 'Remove a favorite', params: ZId, response: { 200: z.object({ favorite: z.boolean() }), 401: ZApiError } } },
    async (req) => {
      await app.db('session_favorites').where({ user_id: req.session!.userId, session_id: req.params.id }).delete();
      return { favorite: false };
    },
  );

  app.post(
    '/api/archive/:id/view',
    { config: { access: 'public', limit: 'form_submission' }, schema: { tags: ['archive'], summary: 'Record that a recording was opened (the viewer comes from the session, never the body)', params: ZId, response: { 200: z.object({ recording_url: z.string().nullable() }), 404: ZApiError } } },
    async (req) => {
      const row = (await app.db('session_archive').where({ id: req.params.id }).first('id', 'recording_url')) as { recording_url: string | null } | undefined;
      if (!row) throw httpError(404, 'Session not found');
      await app.db('session_views').insert({ session_id: req.params.id, user_id: req.session?.userId ?? null });
      return { recording_url: row.recording_url };
    },
  );
};
