import { objectKey } from '@app/common/server/storage/index';
import type { Handler } from '../context';
import { renderThumbnail } from '../render/thumbnail';

/** Renders the 640×360 card of an archived session, stores it and sets session_archive.thumbnail_url. */
export const archiveThumbnail: Handler<'archive.thumbnail'> = async ({ archiveId }, { db, storage }) => {
  const row = (await db('session_archive').where({ id: archiveId }).first('session_title', 'speaker_name', 'speaker_topic', 'duration_seconds')) as
    | { session_title: string; speaker_name: string | null; speaker_topic: string | null; duration_seconds: number | null }
    | undefined;
  if (!row) return { skipped: 'archived session not found' };
  const png = await renderThumbnail({ title: row.session_title, speakerName: row.speaker_name, topic: row.speaker_topic, durationSeconds: row.duration_seconds });
  const key = objectKey('archive-thumbnails', archiveId, `thumbnail-${Date.now()}.png`);
  await storage.put(key, png, { contentType: 'image/png' });
  await db('session_archive').where({ id: archiveId }).update({ thumbnail_url: storage.publicUrl(key) });
  return { key, bytes: png.length };
};
