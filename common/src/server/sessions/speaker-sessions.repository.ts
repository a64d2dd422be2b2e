import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { canTransition, type SessionStatus } from '../../domain/session-status';
import type { TSessionForm, TSpeakerOption, TSpeakerSession } from '../../schemas/sessions';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

interface SessionRow {
  id: string;
  speaker_id: string | null;
  /** The speaker's username, when read through {@link sessions}. */
  speaker_name?: string | null;
  session_title: string;
  session_description: string | null;
  scheduled_date: Date;
  discord_channel_link: string | null;
  status: SessionStatus;
  duration_seconds: number | null;
  recording_url: string | null;
  actual_start_time: Date | null;
  created_at: Date;
}

/** A session row as the API answers it. */
export function toApiSession(r: SessionRow): TSpeakerSession {
  return {
    id: r.id,
    speaker_id: r.speaker_id,
    speaker_name: r.speaker_name ?? null,
    session_title: r.session_title,
    session_description: r.session_description,
    scheduled_date: r.scheduled_date.toISOString(),
    discord_channel_link: r.discord_channel_link,
    status: r.status,
    duration_seconds: r.duration_seconds,
    recording_url: r.recording_url,
    actual_start_time: r.actual_start_time?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

/** Sessions with their speaker's username. */
function sessions(db: Knex): Knex.QueryBuilder {
  return db('speaker_sessions as s').leftJoin('users as u', 'u.id', 's.speaker_id').select('s.*', 'u.discord_username as speaker_name');
}

/** Every session, newest scheduled date first. */
export async function listSessions(db: Knex): Promise<TSpeakerSession[]> {
  return ((await sessions(db).orderBy('s.scheduled_date', 'desc').limit(500)) as SessionRow[]).map(toApiSession);
}

/** One session (with its speaker's name), or undefined. */
export async function findSession(db: Knex, id: string): Promise<SessionRow | undefined> {
  return (await sessions(db).where('s.id', id).first()) as SessionRow | undefined;
}

/** A session whose speaker is not a member: the API answers 400 on the speaker field. */
export class UnknownSpeakerError extends Error {
  override name = 'UnknownSpeakerError';
}

async function assertMember(db: Knex, speakerId: string | undefined): Promise<void> {
  if (speakerId && !(await db('users').where({ id: speakerId }).whereNotNull('discord_username').first('id'))) throw new UnknownSpeakerError('The speaker must be a member');
}

/** Creates a scheduled session credited to the chosen speaker. */
export async function createSession(db: Knex, form: TSessionForm & { speaker_id: string }): Promise<SessionRow> {
  await assertMember(db, form.speaker_id);
  const [row] = (await db('speaker_sessions')
    .insert({ speaker_id: form.speaker_id, session_title: form.session_title, session_description: form.session_description ?? null, scheduled_date: form.scheduled_date, discord_channel_link: form.discord_channel_link ?? null })
    .returning('id')) as Array<{ id: string }>;
  return (await findSession(db, row!.id))!;
}

/**
 * Edits a session. A new speaker is credited everywhere the session shows: its archive entry, if it was
 * already recorded, takes the new speaker's name, topic and avatar.
 */
export async function updateSession(db: Knex, id: string, patch: Partial<TSessionForm>): Promise<SessionRow | undefined> {
  await assertMember(db, patch.speaker_id);
  const found = await db.transaction(async (trx) => {
    const n = await trx('speaker_sessions').where({ id }).update({ ...patch, updated_at: trx.fn.now() });
    if (!n) return false;
    if (patch.speaker_id) {
      const u = (await trx('users').where({ id: patch.speaker_id }).first('discord_username', 'speaker_topic', 'discord_avatar_url')) as { discord_username: string; speaker_topic: string | null; discord_avatar_url: string | null };
      await trx('session_archive').where({ session_id: id }).update({ speaker_name: u.discord_username, speaker_topic: u.speaker_topic, speaker_avatar: u.discord_avatar_url });
    }
    return true;
  });
  return found ? findSession(db, id) : undefined;
}

/** Deletes a session; false when there was none. */
export async function deleteSession(db: Knex, id: string): Promise<boolean> {
  return (await db('speaker_sessions').where({ id }).delete()) > 0;
}

/** Sets or clears a session's recording URL; its archive entry follows. */
export async function setRecordingUrl(db: Knex, id: string, url: string | null): Promise<SessionRow | undefined> {
  const n = await db.transaction(async (trx) => {
    const updated = await trx('speaker_sessions').where({ id }).update({ recording_url: url, updated_at: trx.fn.now() });
    if (updated) await trx('session_archive').where({ session_id: id }).update({ recording_url: url });
    return updated;
  });
  return n ? findSession(db, id) : undefined;
}

/** Members an admin may credit as speaker: signed-in members by username prefix or substring, A–Z, at most 20. */
export async function listSpeakerOptions(db: Knex, search: string): Promise<TSpeakerOption[]> {
  const q = db('users').whereNotNull('discord_username').orderBy('discord_username').limit(20).select('id', 'discord_username as username', 'discord_avatar_url as avatar');
  if (search) q.whereRaw(`lower(discord_username) LIKE ? ESCAPE '\\'`, [`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  return (await q) as TSpeakerOption[];
}

/** A refused status move; the API answers 409 with this message. */
export class TransitionError extends Error {
  override name = 'TransitionError';
}

/** Moves a session along the allowed transitions only (locks the row; live records the start time, completed the duration). */
export async function changeStatus(db: Knex, id: string, to: SessionStatus, extra: Record<string, unknown> = {}): Promise<SessionRow | undefined> {
  return db.transaction(async (trx) => {
    const row = (await trx('speaker_sessions').where({ id }).forUpdate().first('status')) as Pick<SessionRow, 'status'> | undefined;
    if (!row) return undefined;
    if (!canTransition(row.status, to)) throw new TransitionError(`A ${row.status} session cannot become ${to}`);
    const update: Record<string, unknown> = { status: to, updated_at: trx.fn.now(), ...extra };
    if (to === 'live') update.actual_start_time = trx.fn.now();
    if (to === 'completed') update.actual_end_time = trx.fn.now();
    await trx('speaker_sessions').where({ id }).update(update);
    return findSession(trx, id);
  });
}

/**
 * Issues a speaker token for a session: 256 random bits, shown once, stored as sha256, valid until the
 * end of the day after the session's day (UTC); any earlier token of that session is revoked.
 */
export async function issueSpeakerToken(db: Knex, sessionId: string, createdBy: string | null): Promise<{ token: string; expiresAt: Date }> {
  const token = `adxs_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (trx) => {
    await trx('speaker_tokens').where({ session_id: sessionId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
    const [row] = (await trx('speaker_tokens')
      .insert({
        session_id: sessionId,
        token_hash: sha256(token),
        created_by: createdBy,
        expires_at: trx.raw(`(SELECT date_trunc('day', scheduled_date AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '2 days' FROM speaker_sessions WHERE id = ?)`, [sessionId]),
      })
      .returning('expires_at')) as Array<{ expires_at: Date }>;
    return { token, expiresAt: row!.expires_at };
  });
}

/** Why a token was refused (all answered to the client as 'Authentication failed'). */
export type TokenRefusal = 'unknown' | 'revoked' | 'expired' | 'session_closed';

/** The live token's session and speaker, or why it is refused. */
export async function checkSpeakerToken(
  db: Knex,
  token: string,
): Promise<{ ok: true; tokenId: string; session: SessionRow; speaker: { id: string; discord_username: string | null; discord_avatar_url: string | null } | null } | { ok: false; reason: TokenRefusal }> {
  const row = (await db('speaker_tokens').where({ token_hash: sha256(token) }).first()) as { id: string; session_id: string; expires_at: Date; revoked_at: Date | null } | undefined;
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  const session = await findSession(db, row.session_id);
  if (!session || session.status === 'completed' || session.status === 'cancelled') return { ok: false, reason: 'session_closed' };
  const speaker = session.speaker_id
    ? ((await db('users').where({ id: session.speaker_id }).first('id', 'discord_username', 'discord_avatar_url')) as { id: string; discord_username: string | null; discord_avatar_url: string | null })
    : null;
  return { ok: true, tokenId: row.id, session, speaker };
}

/** A studio credential for one session (12 hours, stored hashed); returns the cookie value. */
export async function createStudioCredential(db: Knex, sessionId: string, tokenId: string): Promise<{ value: string; expiresAt: Date }> {
  const value = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + 12 * 3_600_000);
  await db('studio_credentials').insert({ id_hash: sha256(value), session_id: sessionId, token_id: tokenId, expires_at: expiresAt });
  return { value, expiresAt };
}

/** The session a studio credential is for, if it is still valid (its token not revoked). */
export async function checkStudioCredential(db: Knex, value: string): Promise<string | null> {
  const row = (await db('studio_credentials as c')
    .join('speaker_tokens as t', 't.id', 'c.token_id')
    .where('c.id_hash', sha256(value))
    .where('c.expires_at', '>', db.fn.now())
    .whereNull('t.revoked_at')
    .first('c.session_id')) as { session_id: string } | undefined;
  return row?.session_id ?? null;
}
