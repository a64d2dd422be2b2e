import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { reminderAt, reminderDelay, reminderJobId } from '../../domain/session-reminders';
import { enqueue, type Queues } from '../queues';
import { scheduledRsvpsOf, upcomingRsvps } from './session-calendar.repository';

/** One member's reminder for one session: who, which session, when it starts, their lead time. */
interface ReminderFacts {
  sessionId: string;
  userId: string;
  start: Date;
  minutes: number | null;
}

/**
 * Adds the reminder as a delayed mail.send job (kept in Redis, so it survives restarts of every process). The job id
 * names the send time: adding it again is a no-op, and the worker sends at most one reminder per member and session.
 */
export async function scheduleReminder(queues: Queues, f: ReminderFacts, now = new Date()): Promise<void> {
  const delay = reminderDelay(f.start, f.minutes, now);
  const at = reminderAt(f.start, f.minutes);
  if (delay === null || !at) return;
  await enqueue(queues, 'mail.send', { kind: 'session-reminder', sessionId: f.sessionId, userId: f.userId, sendAt: at.getTime() }, { jobId: reminderJobId(f.sessionId, f.userId, at), delay });
}

/** Removes the reminder job that `f` would have added (nothing when there is none, or it is already running). */
export async function dropReminder(queues: Queues, f: ReminderFacts): Promise<void> {
  const at = reminderAt(f.start, f.minutes);
  if (at) await queues.mail.remove(reminderJobId(f.sessionId, f.userId, at));
}

/**
 * After a session moved from `before` to `after` (null: cancelled or deleted), each RSVP'd member's reminder follows:
 * the old job is removed and, for a session still ahead, a new one added. `members` is read before a deletion.
 */
export async function moveSessionReminders(
  queues: Queues,
  sessionId: string,
  members: ReadonlyArray<{ user_id: string; minutes: number | null }>,
  before: Date,
  after: Date | null,
): Promise<void> {
  for (const m of members) {
    await dropReminder(queues, { sessionId, userId: m.user_id, start: before, minutes: m.minutes });
    if (after) await scheduleReminder(queues, { sessionId, userId: m.user_id, start: after, minutes: m.minutes });
  }
}

/** The member changed their lead time: each of their upcoming reminders moves (or goes, with null). */
export async function moveMemberReminders(queues: Queues, db: Knex, userId: string, before: number | null, after: number | null): Promise<void> {
  for (const r of await scheduledRsvpsOf(db, userId)) {
    await dropReminder(queues, { sessionId: r.session_id, userId, start: r.start, minutes: before });
    await scheduleReminder(queues, { sessionId: r.session_id, userId, start: r.start, minutes: after });
  }
}

/**
 * For callers whose change is already committed (an RSVP, a moved session): a reminder queue that does not answer is
 * logged, not turned into a failure; the worker's reminder reconcile adds what is missing and the send-time check
 * drops what is stale.
 */
export async function followReminders(log: Pick<Logger, 'warn'>, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    log.warn({ err: (err as Error).message }, `could not update session reminders (${what})`);
  }
}

/**
 * Adds every upcoming reminder that should be queued (ids already queued or run are no-ops): heals an RSVP, a move or
 * a setting whose queue call failed while Redis was away. Answers how many reminders it looked at.
 */
export async function reconcileReminders(queues: Queues, db: Knex, now = new Date()): Promise<number> {
  const rows = await upcomingRsvps(db);
  for (const r of rows) await scheduleReminder(queues, { sessionId: r.session_id, userId: r.user_id, start: r.start, minutes: r.minutes }, now);
  return rows.length;
}
