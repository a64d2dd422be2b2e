import { UnrecoverableError } from 'bullmq';
import type { FlyerReadyEvent } from '@app/common/events';
import { announceFlyer } from '@app/common/server/realtime';
import { objectKey } from '@app/common/server/storage/index';
import type { Handler, HandlerContext } from '../context';
import { fetchAvatar } from '../render/avatar';
import { FLYER_AVATAR_PX, renderFlyer } from '../render/flyer';

/**
 * Flyers of older profile versions of the same speaker and day are never asked for again (the job id
 * follows the version): their rows and files go once a newer one is ready, so storage stays bounded.
 */
async function removeOlderVersions(db: HandlerContext['db'], storage: HandlerContext['storage'], p: { speakerId: string; sessionDay: string; profileVersion: string }, log: HandlerContext['log']): Promise<number> {
  const stale = (await db('flyers')
    .where({ speaker_id: p.speakerId, session_day: p.sessionDay })
    .whereRaw('profile_version::bigint < ?::bigint', [p.profileVersion])
    .whereNot({ status: 'pending' })
    .delete()
    .returning(['object_key'])) as Array<{ object_key: string | null }>;
  for (const { object_key: key } of stale) {
    if (key) await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete an old flyer'));
  }
  return stale.length;
}

/**
 * Renders a speaker's flyer for a session day, stores the PNG under flyers/{speakerId}/ and marks the
 * flyers row (job id = flyerJobId) ready; on the last failed attempt (or one that cannot succeed: the
 * speaker has no topic any more) it marks the row failed. Either way the requester gets flyer:ready.
 */
export const flyerRender: Handler<'flyer.render'> = async (p, { db, storage, emitter, job, log }) => {
  const jobId = job.id!;
  const day = p.sessionDay.toLowerCase() as FlyerReadyEvent['day'];
  const announce = (e: Omit<FlyerReadyEvent, 'job_id' | 'day'>) => {
    if (p.requestedBy) announceFlyer(emitter, p.requestedBy, { job_id: jobId, day, ...e });
  };
  try {
    const speaker = (await db('users').where({ id: p.speakerId }).first('discord_username', 'discord_avatar_url', 'speaker_topic')) as
      | { discord_username: string | null; discord_avatar_url: string | null; speaker_topic: string | null }
      | undefined;
    if (!speaker) throw new UnrecoverableError('The speaker no longer exists');
    if (!speaker.speaker_topic?.trim()) throw new UnrecoverableError('The speaker has no topic any more');
    const avatarPng = await fetchAvatar(speaker.discord_avatar_url, FLYER_AVATAR_PX);
    const png = await renderFlyer({ speakerName: speaker.discord_username ?? 'Guest speaker', topic: speaker.speaker_topic, day: p.sessionDay, avatarPng });
    const key = objectKey('flyers', p.speakerId, `dog-pound-flyer-${day}-${p.profileVersion}.png`);
    await storage.put(key, png, { contentType: 'image/png' });
    await db('flyers')
      .insert({ speaker_id: p.speakerId, session_day: p.sessionDay, profile_version: p.profileVersion, job_id: jobId, status: 'ready', object_key: key })
      .onConflict('job_id')
      .merge({ status: 'ready', object_key: key, error: null, updated_at: db.fn.now() });
    announce({ status: 'ready', url: storage.publicUrl(key) });
    const removed = await removeOlderVersions(db, storage, p, log);
    return { key, bytes: png.length, avatar: avatarPng !== null, removed };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (last) {
      log.warn({ err: message }, 'flyer render failed for good');
      await db('flyers').where({ job_id: jobId }).update({ status: 'failed', error: message.slice(0, 500), updated_at: db.fn.now() });
      announce({ status: 'failed', url: null, error: message });
    }
    throw err;
  }
};
