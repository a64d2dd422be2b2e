import type { Knex } from 'knex';
import type { TSpeakerProfile } from '../schemas/speakers';

const COLUMNS = ['id', 'discord_username', 'discord_avatar_url', 'bio', 'speaker_topic', 'audio_file_url', 'updated_at'];
type Row = Omit<TSpeakerProfile, 'updated_at'> & { updated_at: Date };
const toApi = (r: Row): TSpeakerProfile => ({ ...r, updated_at: r.updated_at.toISOString() });

/** Members with a speaker topic, newest member first (the Brotherhood tab's guest speakers). */
export async function listSpeakerProfiles(db: Knex): Promise<TSpeakerProfile[]> {
  const rows = (await db('users').whereNotNull('speaker_topic').whereNotNull('discord_username').orderBy('created_at', 'desc').limit(200).select(COLUMNS)) as Row[];
  return rows.map(toApi);
}

/** A member's own speaker profile. */
export async function getSpeakerProfile(db: Knex, userId: string): Promise<TSpeakerProfile> {
  return toApi((await db('users').where({ id: userId }).first(COLUMNS)) as Row);
}

/** Saves a member's topic and bio (a new profile version: flyers are drawn again for it). */
export async function saveSpeakerProfile(db: Knex, userId: string, form: { speaker_topic: string | null; bio: string | null }): Promise<TSpeakerProfile> {
  const [row] = (await db('users').where({ id: userId }).update({ speaker_topic: form.speaker_topic, bio: form.bio, updated_at: db.fn.now() }).returning(COLUMNS)) as Row[];
  return toApi(row!);
}
