import type { Knex } from 'knex';

/** A member with a speaker topic, as stored, with their Profile Visibility switch. */
export interface SpeakerRow {
  id: string;
  discord_username: string | null;
  discord_avatar_url: string | null;
  bio: string | null;
  speaker_topic: string | null;
  audio_file_url: string | null;
  updated_at: Date;
  profile_visibility: boolean | null;
}

const COLUMNS = ['u.id', 'u.discord_username', 'u.discord_avatar_url', 'u.bio', 'u.speaker_topic', 'u.audio_file_url', 'u.updated_at', 'p.profile_visibility'];

function speakers(db: Knex): Knex.QueryBuilder {
  return db('users as u').leftJoin('user_privacy_settings as p', 'p.user_id', 'u.id');
}

/** The Brotherhood tab's guest speakers: members who set a topic, newest member first (at most 200). */
export async function listSpeakers(db: Knex): Promise<SpeakerRow[]> {
  return (await speakers(db).whereNotNull('u.speaker_topic').whereNotNull('u.discord_username').orderBy('u.created_at', 'desc').limit(200).select(COLUMNS)) as SpeakerRow[];
}

/** One member's speaker profile. */
export async function findSpeakerProfile(db: Knex, userId: string): Promise<SpeakerRow | undefined> {
  return (await speakers(db).where('u.id', userId).first(COLUMNS)) as SpeakerRow | undefined;
}

/** Saves the member's topic and bio and answers the profile as stored. */
export async function saveSpeakerProfile(db: Knex, userId: string, form: { speaker_topic: string | null; bio: string | null }): Promise<SpeakerRow> {
  await db('users').where({ id: userId }).update({ speaker_topic: form.speaker_topic, bio: form.bio, updated_at: db.fn.now() });
  return (await findSpeakerProfile(db, userId))!;
}
