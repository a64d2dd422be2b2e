import type { Knex } from 'knex';

/** A member row as the profile page needs it, with the owner's profile and e-mail visibility switches. */
export interface ProfileRow {
  id: string;
  discord_username: string;
  discord_avatar_url: string | null;
  email: string | null;
  bio: string | null;
  audio_file_url: string | null;
  created_at: Date;
  email_visibility: boolean | null;
  profile_visibility: boolean | null;
}

/** Finds a member by username (case-insensitive); members without a Discord id are not shown, as in the directory. */
export async function findProfile(db: Knex, username: string): Promise<ProfileRow | undefined> {
  return (await db('users as u')
    .leftJoin('user_privacy_settings as p', 'p.user_id', 'u.id')
    .whereRaw('lower(u.discord_username) = lower(?)', [username])
    .whereNotNull('u.discord_id')
    .first('u.id', 'u.discord_username', 'u.discord_avatar_url', 'u.email', 'u.bio', 'u.audio_file_url', 'u.created_at', 'p.email_visibility', 'p.profile_visibility')) as ProfileRow | undefined;
}

/** A member's stored recording URL and Profile Visibility switch (null when the member does not exist). */
export async function findMemberAudio(db: Knex, userId: string): Promise<{ id: string; audio_file_url: string | null; profile_visibility: boolean | null } | undefined> {
  return (await db('users as u')
    .leftJoin('user_privacy_settings as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('u.id', 'u.audio_file_url', 'p.profile_visibility')) as { id: string; audio_file_url: string | null; profile_visibility: boolean | null } | undefined;
}

/**
 * Points the member's profile at a new recording and returns the URL it replaced (null when none).
 * Runs in one transaction with the row locked, so two uploads at once cannot both miss the old file.
 */
export async function replaceAudioUrl(db: Knex, userId: string, url: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const row = (await trx('users').where({ id: userId }).forUpdate().first('audio_file_url')) as { audio_file_url: string | null } | undefined;
    if (!row) throw new Error(`member ${userId} not found`);
    await trx('users').where({ id: userId }).update({ audio_file_url: url, updated_at: trx.fn.now() });
    return row.audio_file_url;
  });
}
