import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Queues } from '@app/common/server/queues';
import { announceRsvps, type RoomEmitter } from '@app/common/server/realtime';
import { reminderMinutes, setRsvp } from '@app/common/server/calendar/session-calendar.repository';
import { dropReminder, followReminders, scheduleReminder } from '@app/common/server/calendar/session-reminders';

/**
 * Marks or withdraws a member's RSVP; after the commit, the new count goes to the schedule and the admins, and the
 * member's reminder is queued (or dropped) at their lead time. Undefined when there is no such session.
 */
export async function rsvp(
  { db, emitter, queues }: { db: Knex; emitter: RoomEmitter; queues: Queues },
  log: Pick<Logger, 'warn'>,
  sessionId: string,
  userId: string,
  attending: boolean,
): Promise<{ count: number } | undefined> {
  const result = await setRsvp(db, sessionId, userId, attending);
  if (!result) return undefined;
  if (result.changed) {
    announceRsvps(emitter, { session_id: sessionId, rsvp_count: result.count });
    const facts = { sessionId, userId, start: result.start, minutes: await reminderMinutes(db, userId) };
    await followReminders(log, attending ? 'rsvp' : 'rsvp withdrawn', () => (attending ? scheduleReminder(queues, facts) : dropReminder(queues, facts)));
  }
  return { count: result.count };
}
