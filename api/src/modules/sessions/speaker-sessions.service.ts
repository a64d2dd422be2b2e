import type { Knex } from 'knex';
import type { SessionStatus } from '@app/common/domain/session-status';
import { announceSession, type RoomEmitter } from '@app/common/server/realtime';
import { changeStatus } from '@app/common/server/speaker-sessions.repository';

/**
 * Moves a session to `status` (the repository refuses a move the status machine does not allow) and, once that
 * has committed, tells the session's room and the admins. Undefined when there is no such session.
 */
export async function moveSession({ db, emitter }: { db: Knex; emitter: RoomEmitter }, id: string, status: SessionStatus): ReturnType<typeof changeStatus> {
  const row = await changeStatus(db, id, status);
  if (row) announceSession(emitter, { session_id: row.id, status: row.status });
  return row;
}
