import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionStatus } from '../../domain/session-status';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** A session as the calendar shows it: the event's facts, its speaker, its SEQUENCE and when it last changed. */
export interface CalendarSessionRow {
  id: string;
  session_title: string;
  session_description: string | null;
  scheduled_date: Date;
  status: SessionStatus;
  discord_channel_link: string | null;
  recording_url: string | null;
  duration_seconds: number | null;
  ical_sequence: number;
  calendar_changed_at: Date;
  created_at: Date;
  speaker_name: string | null;
  speaker_avatar: string | null;
  speaker_topic: string | null;
}

function calendarSessions(db: Knex): Knex.QueryBuilder {
  return db('speaker_sessions as s')
    .leftJoin('users as u', 'u.id', 's.speaker_id')
    .select(
      's.id',
      's.session_title',
      's.session_description',
      's.scheduled_date',
      's.status',
      's.discord_channel_link',
      's.recording_url',
      's.duration_seconds',
      's.ical_sequence',
      's.calendar_changed_at',
      's.created_at',
      'u.discord_username as speaker_name',
      'u.discord_avatar_url as speaker_avatar',
      'u.speaker_topic as speaker_topic',
    );
}

/** How far back the feeds reach: a recorded session stays in calendars with its archive link for this long. */
const FEED_PAST_DAYS = 90;

const inFeedWindow = (db: Knex) => (q: Knex.QueryBuilder) => q.where('s.scheduled_date', '>=', db.raw(`now() - make_interval(days => ?)`, [FEED_PAST_DAYS]));

/**
 * What identifies the public feed's content: the number of sessions in it and the latest calendar change. A
 * session created, edited, cancelled, recorded, deleted or leaving the window changes one of the two.
 */
export async function publicFeedVersion(db: Knex): Promise<string> {
  const row = (await db('speaker_sessions as s')
    .modify(inFeedWindow(db))
    .first(db.raw('count(*)::int AS n'), db.raw(`coalesce(max(s.calendar_changed_at), 'epoch')::text AS at`))) as { n: number; at: string };
  return `${row.n}/${row.at}`;
}

/** Every session of the public feed, oldest first. */
export async function publicFeedSessions(db: Knex): Promise<CalendarSessionRow[]> {
  return (await calendarSessions(db).modify(inFeedWindow(db)).orderBy('s.scheduled_date', 'asc')) as CalendarSessionRow[];
}

/** The sessions one member RSVP'd to, within the feed window, oldest first. */
export async function memberFeedSessions(db: Knex, userId: string): Promise<CalendarSessionRow[]> {
  return (await calendarSessions(db)
    .join('session_rsvps as r', 'r.session_id', 's.id')
    .where('r.user_id', userId)
    .modify(inFeedWindow(db))
    .orderBy('s.scheduled_date', 'asc')) as CalendarSessionRow[];
}

/** One session for its single-event .ics, or undefined. */
export async function calendarSession(db: Knex, id: string): Promise<CalendarSessionRow | undefined> {
  return (await calendarSessions(db).where('s.id', id).first()) as CalendarSessionRow | undefined;
}

/** An upcoming session with its RSVP count (and whether the viewer is coming, when signed in). */
export interface UpcomingRow extends CalendarSessionRow {
  rsvp_count: number;
  attending: boolean;
}

/** The next scheduled sessions and any live one, soonest first (at most `limit`). */
export async function upcomingSessions(db: Knex, viewerId: string | null, limit: number): Promise<UpcomingRow[]> {
  return (await calendarSessions(db)
    .select(
      db.raw('(SELECT count(*)::int FROM session_rsvps r WHERE r.session_id = s.id) AS rsvp_count'),
      viewerId ? db.raw('EXISTS (SELECT 1 FROM session_rsvps r WHERE r.session_id = s.id AND r.user_id = ?) AS attending', [viewerId]) : db.raw('false AS attending'),
    )
    .where((q) => q.where('s.status', 'live').orWhere((w) => w.where('s.status', 'scheduled').where('s.scheduled_date', '>', db.raw(`now() - interval '1 hour'`))))
    .orderBy('s.scheduled_date', 'asc')
    .limit(limit)) as UpcomingRow[];
}

/** A session that cannot take RSVPs (only scheduled ones can); the API answers 409. */
export class RsvpClosedError extends Error {
  override name = 'RsvpClosedError';
}

/**
 * Marks (or, with `attending` false, withdraws) a member's RSVP. Answers the session's start and the RSVP count after
 * the change, and whether anything changed; undefined when there is no such session.
 */
export async function setRsvp(
  db: Knex,
  sessionId: string,
  userId: string,
  attending: boolean,
): Promise<{ start: Date; count: number; changed: boolean } | undefined> {
  return db.transaction(async (trx) => {
    const session = (await trx('speaker_sessions').where({ id: sessionId }).forShare().first('status', 'scheduled_date')) as { status: SessionStatus; scheduled_date: Date } | undefined;
    if (!session) return undefined;
    let changed: boolean;
    if (attending) {
      if (session.status !== 'scheduled') throw new RsvpClosedError(`A ${session.status} session takes no RSVPs`);
      changed = (await trx('session_rsvps').insert({ session_id: sessionId, user_id: userId }).onConflict(['session_id', 'user_id']).ignore().returning('user_id')).length > 0;
    } else {
      changed = (await trx('session_rsvps').where({ session_id: sessionId, user_id: userId }).delete()) > 0;
    }
    const { n } = (await trx('session_rsvps').where({ session_id: sessionId }).first(trx.raw('count(*)::int AS n'))) as { n: number };
    return { start: session.scheduled_date, count: n, changed };
  });
}

/** Who is coming to a session (for admins), in RSVP order. */
export async function listRsvps(db: Knex, sessionId: string): Promise<Array<{ id: string; username: string | null; avatar: string | null; rsvp_at: Date }>> {
  return (await db('session_rsvps as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.session_id', sessionId)
    .orderBy('r.created_at', 'asc')
    .select('u.id', 'u.discord_username as username', 'u.discord_avatar_url as avatar', 'r.created_at as rsvp_at')) as Array<{
    id: string;
    username: string | null;
    avatar: string | null;
    rsvp_at: Date;
  }>;
}

/** RSVP counts of the sessions that have any (for the manage tab). */
export async function rsvpCounts(db: Knex): Promise<Record<string, number>> {
  const rows = (await db('session_rsvps').groupBy('session_id').select('session_id', db.raw('count(*)::int AS n'))) as Array<{ session_id: string; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.session_id, r.n]));
}

/** The members who RSVP'd to a session, with their reminder lead time (null: none). */
export async function rsvpMembers(db: Knex, sessionId: string): Promise<Array<{ user_id: string; minutes: number | null }>> {
  return (await db('session_rsvps as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.session_id', sessionId)
    .select('r.user_id', 'u.session_reminder_minutes as minutes')) as Array<{ user_id: string; minutes: number | null }>;
}

/** A member's RSVPs to sessions still scheduled, with their start (to move reminders when the lead time changes). */
export async function scheduledRsvpsOf(db: Knex, userId: string): Promise<Array<{ session_id: string; start: Date }>> {
  return (await db('session_rsvps as r')
    .join('speaker_sessions as s', 's.id', 'r.session_id')
    .where('r.user_id', userId)
    .where('s.status', 'scheduled')
    .where('s.scheduled_date', '>', db.fn.now())
    .select('r.session_id', 's.scheduled_date as start')) as Array<{ session_id: string; start: Date }>;
}

/** Every RSVP to a session still scheduled and ahead, with the member's lead time (for the reminder reconcile). */
export async function upcomingRsvps(db: Knex): Promise<Array<{ session_id: string; user_id: string; start: Date; minutes: number | null }>> {
  return (await db('session_rsvps as r')
    .join('speaker_sessions as s', 's.id', 'r.session_id')
    .join('users as u', 'u.id', 'r.user_id')
    .where('s.status', 'scheduled')
    .where('s.scheduled_date', '>', db.fn.now())
    .whereNotNull('u.session_reminder_minutes')
    .select('r.session_id', 'r.user_id', 's.scheduled_date as start', 'u.session_reminder_minutes as minutes')) as Array<{
    session_id: string;
    user_id: string;
    start: Date;
    minutes: number | null;
  }>;
}

/** A member's reminder lead time (null: none). */
export async function reminderMinutes(db: Knex, userId: string): Promise<number | null> {
  const row = (await db('users').where({ id: userId }).first('session_reminder_minutes')) as { session_reminder_minutes: number | null } | undefined;
  return row?.session_reminder_minutes ?? null;
}

/** Sets a member's reminder lead time; answers the previous one. */
export async function setReminderMinutes(db: Knex, userId: string, minutes: number | null): Promise<number | null> {
  return db.transaction(async (trx) => {
    const before = (await trx('users').where({ id: userId }).forUpdate().first('session_reminder_minutes')) as { session_reminder_minutes: number | null };
    await trx('users').where({ id: userId }).update({ session_reminder_minutes: minutes });
    return before.session_reminder_minutes;
  });
}

/** When the member's calendar feed link was made, or null when they have none. */
export async function feedTokenCreatedAt(db: Knex, userId: string): Promise<Date | null> {
  const row = (await db('calendar_feed_tokens').where({ user_id: userId }).first('created_at')) as { created_at: Date } | undefined;
  return row?.created_at ?? null;
}

/** A new secret for the member's feed (the old link stops working); shown once, stored as sha256. */
export async function rotateFeedToken(db: Knex, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('calendar_feed_tokens')
    .insert({ user_id: userId, token_hash: sha256(token) })
    .onConflict('user_id')
    .merge({ token_hash: sha256(token), created_at: db.fn.now() });
  return token;
}

/** Revokes the member's feed link; false when there was none. */
export async function revokeFeedToken(db: Knex, userId: string): Promise<boolean> {
  return (await db('calendar_feed_tokens').where({ user_id: userId }).delete()) > 0;
}

/** The member a feed secret belongs to, or null. */
export async function feedTokenOwner(db: Knex, token: string): Promise<string | null> {
  const row = (await db('calendar_feed_tokens').where({ token_hash: sha256(token) }).first('user_id')) as { user_id: string } | undefined;
  return row?.user_id ?? null;
}
