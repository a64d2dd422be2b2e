import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveApi } from '@app/common/api/archive';
import { addFavorite, archiveTotals, listArchive, recordView, removeFavorite } from '@app/common/server/archive/archive.repository';
import { enqueueArchiveThumbnail } from '@app/common/server/archive/archive-thumbnails';
import { httpError } from '../../http-error';
import { addFavoriteSchema, listArchiveSchema, recordViewSchema, removeFavoriteSchema } from './schema';

const notFound = () => httpError(404, 'Session not found');

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

  app.get(archiveApi.list.path, { config: { access: 'public' }, schema: listArchiveSchema }, async (req) => {
    const [sessions, totals] = await Promise.all([listArchive(app.db, { ...req.query, userId: req.session?.userId ?? null }), archiveTotals(app.db)]);
    askThumbnails(sessions.filter((r) => !r.thumbnail_url).map((r) => r.id));
    return { sessions, totals };
  });

  app.put(archiveApi.favorite.path, { config: { access: 'member' }, schema: addFavoriteSchema }, async (req) => {
    if (!(await addFavorite(app.db, req.session!.userId, req.params.id))) throw notFound();
    return { favorite: true };
  });

  app.delete(archiveApi.unfavorite.path, { config: { access: 'member' }, schema: removeFavoriteSchema }, async (req) => {
    await removeFavorite(app.db, req.session!.userId, req.params.id);
    return { favorite: false };
  });

  app.post(archiveApi.view.path, { config: { access: 'public', limit: 'archive_view' }, schema: recordViewSchema }, async (req) => {
    const row = await recordView(app.db, req.params.id, req.session?.userId ?? null);
    if (!row) throw notFound();
    return row;
  });
};
