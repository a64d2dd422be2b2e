import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { SessionStatus } from '@app/common/domain/session-status';
import type { TSessionForm } from '@app/common/schemas/sessions';
import type { Queues } from '@app/common/server/queues';
import { announceSession, type RoomEmitter } from '@app/common/server/realtime';
import { rsvpMembers } from '@app/common/server/calendar/session-calendar.repository';
import { followReminders, moveSessionReminders } from '@app/common/server/calendar/session-reminders';
import { changeStatus, deleteSession, findSession, updateSession } from '@app/common/server/sessions/speaker-sessions.repository';

interface Deps {
  db: Knex;
  emitter: RoomEmitter;
  queues: Queues;
}

/**
 * Moves a session to `status` (the repository refuses a move the status machine does not allow) and, once that
 * has committed, tells the session's room and the admins; a cancelled session's reminders are dropped. Undefined when
 * there is no such session.
 */
export async function moveSession({ db, emitter, queues }: Deps, log: Pick<Logger, 'warn'>, id: string, status: SessionStatus): ReturnType<typeof changeStatus> {
  const row = await changeStatus(db, id, status);
  if (row) announceSession(emitter, { session_id: row.id, status: row.status });
  if (row?.status === 'cancelled') await followReminders(log, 'cancelled', async () => moveSessionReminders(queues, id, await rsvpMembers(db, id), row.scheduled_date, null));
  return row;
}

/** Edits a session; when its time moved, each RSVP'd member's reminder moves with it (after the commit). */
export async function editSession({ db, queues }: Deps, log: Pick<Logger, 'warn'>, id: string, patch: Partial<TSessionForm>): ReturnType<typeof updateSession> {
  const before = patch.scheduled_date ? await findSession(db, id) : undefined;
  const row = await updateSession(db, id, patch);
  if (row && before && row.status === 'scheduled' && row.scheduled_date.getTime() !== before.scheduled_date.getTime()) {
    await followReminders(log, 'rescheduled', async () => moveSessionReminders(queues, id, await rsvpMembers(db, id), before.scheduled_date, row.scheduled_date));
  }
  return row;
}

/** Deletes a session and drops its reminders; false when there was none. */
export async function removeSession({ db, queues }: Deps, log: Pick<Logger, 'warn'>, id: string): Promise<boolean> {
  const [before, members] = await Promise.all([findSession(db, id), rsvpMembers(db, id)]);
  if (!(await deleteSession(db, id))) return false;
  if (before) await followReminders(log, 'deleted', async () => moveSessionReminders(queues, id, members, before.scheduled_date, null));
  return true;
}
