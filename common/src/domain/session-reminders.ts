/** The lead times a member may choose for a session reminder, in minutes before the start (null: no reminders). */
export const REMINDER_CHOICES = [
  { minutes: 10, label: '10 minutes before' },
  { minutes: 30, label: '30 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 120, label: '2 hours before' },
  { minutes: 1440, label: '1 day before' },
] as const;

/** When the reminder of a session starting at `start` goes out for a member who chose `minutes`; null: none. */
export function reminderAt(start: Date, minutes: number | null): Date | null {
  return minutes === null ? null : new Date(start.getTime() - minutes * 60_000);
}

/**
 * How long from `now` until that reminder should be sent: 0 when its time has passed but the session has not started
 * (a late RSVP still gets one), null when there is none to send (no reminders, or the session has begun).
 */
export function reminderDelay(start: Date, minutes: number | null, now: Date): number | null {
  const at = reminderAt(start, minutes);
  if (!at || start.getTime() <= now.getTime()) return null;
  return Math.max(0, at.getTime() - now.getTime());
}

/**
 * The reminder job's id: one per (session, member, send time), so a moved session or a changed lead time is a new
 * job and the old one can be found and removed. (BullMQ refuses ':' in custom ids.)
 */
export function reminderJobId(sessionId: string, userId: string, at: Date): string {
  return `session-reminder-${sessionId}-${userId}-${at.getTime()}`;
}
