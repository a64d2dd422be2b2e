import { thumbnailJobId } from '../../domain/flyer';
import { enqueue, type Queues } from '../queues';

/**
 * Asks the render queue for the thumbnail of an archived session (job archive.thumbnail), which sets
 * session_archive.thumbnail_url. Call it after creating an archive row (the studio's finalize job does);
 * a repeat while the job is kept is a no-op (the job id is per archive row).
 */
export function enqueueArchiveThumbnail(queues: Queues, archiveId: string): Promise<string> {
  return enqueue(queues, 'archive.thumbnail', { archiveId }, { jobId: thumbnailJobId(archiveId) });
}
