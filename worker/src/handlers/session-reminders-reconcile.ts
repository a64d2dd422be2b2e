import { reconcileReminders } from '@app/common/server/calendar/session-reminders';
import type { Handler } from '../context';

/** Re-adds the delayed reminder jobs of upcoming RSVPs; those already queued (or run) are left as they are. */
export const sessionRemindersReconcile: Handler<'session.reminders-reconcile'> = async (_payload, { db, queues }) => {
  return { looked: await reconcileReminders(queues, db) };
};
