import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { AUDIO_CONTENT_TYPE, audioFileName, speakerAudioFileName, speakerAudioFolder, type AudioPurpose } from '@app/common/domain/audio';
import { remuxBuffer, RemuxError } from '@app/common/server/media/remux';
import { replaceAudioUrl } from '@app/common/server/profiles.repository';
import { objectKey, type Storage } from '@app/common/server/storage/index';

/**
 * The recording remuxed (ffmpeg -c copy) so that players know its duration and can seek: MediaRecorder
 * leaves both out. An upload ffmpeg cannot read is kept as sent (it passed the WebM check and played no
 * worse before); a missing ffmpeg is an error.
 */
async function seekable(bytes: Buffer, log: FastifyBaseLogger): Promise<Buffer> {
  try {
    return await remuxBuffer(bytes, 'webm');
  } catch (err) {
    if (!(err instanceof RemuxError) || !err.permanent) throw err;
    log.warn({ err: err.message }, 'profile audio kept as uploaded: it could not be remuxed');
    return bytes;
  }
}

/**
 * Saves a member's recording (remuxed: {@link seekable}): from the profile page at user-audio/{userId}/audio_{timestamp}.webm, from
 * the speaker page at user-audio/{discord_id}/audio-{timestamp}.webm (spec §7); points
 * users.audio_file_url at it, and only then deletes the previous file. If the database update fails,
 * the new file is removed again, so storage never holds a recording no profile points to.
 */
export async function saveProfileAudio(
  deps: { db: Knex; storage: Storage; log: FastifyBaseLogger },
  userId: string,
  bytes: Buffer,
  purpose: AudioPurpose = 'profile',
): Promise<{ audioUrl: string; size: number; key: string }> {
  const { discord_id: discordId } = (await deps.db('users').where({ id: userId }).first('discord_id')) as { discord_id: string };
  const folders = [userId, speakerAudioFolder(discordId)];
  const key = purpose === 'speaker' ? objectKey('user-audio', folders[1]!, speakerAudioFileName()) : objectKey('user-audio', userId, audioFileName());
  const stored = await deps.storage.put(key, await seekable(bytes, deps.log), { contentType: AUDIO_CONTENT_TYPE });
  const audioUrl = deps.storage.publicUrl(key);
  let previous: string | null;
  try {
    previous = await replaceAudioUrl(deps.db, userId, audioUrl);
  } catch (err) {
    await deps.storage.delete(key).catch((e: unknown) => deps.log.warn({ err: e, key }, 'could not remove an orphaned recording'));
    throw err;
  }
  const oldKey = previous ? deps.storage.keyFromPublicUrl(previous) : null;
  // Only our own files under this member's folders are ever deleted (never someone else's, never a foreign URL).
  if (oldKey && oldKey !== key && folders.some((f) => oldKey.startsWith(`user-audio/${f}/`))) {
    await deps.storage.delete(oldKey).catch((err: unknown) => deps.log.warn({ err, key: oldKey }, 'could not delete the previous recording'));
  }
  return { audioUrl, size: stored.size, key };
}
