import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { requestMail } from '../mail/enqueue';
import type { Queues } from '../queues';
import { loadProgramSeed } from './cohorts.repository';

/** Stores a "notify me when enrolment opens" request; a second one from the same address while pending is the same request. */
export async function requestEnrolmentNotice(db: Knex, email: string): Promise<void> {
  await db.raw(`INSERT INTO cohort_notify_requests (email) VALUES (?) ON CONFLICT (lower(email)) WHERE notified_at IS NULL DO NOTHING`, [email.trim()]);
}

/**
 * When the next cohort's enrolment is open at `now`, marks every pending request notified of it (one statement, so
 * two callers never notify one request twice) and, after that commit, asks the mail queue for one mail each (keyed
 * by request: a repeat is dropped). Called when an admin saves a cohort and by the seat sweep (enrolment that opens
 * at its set time, with nobody saving anything). Returns how many were notified.
 */
export async function notifyEnrolmentOpen(db: Knex, queues: Queues, log: Pick<Logger, 'warn'>, now: Date): Promise<number> {
  const { next } = await loadProgramSeed(db, now);
  if (!next || next.state !== 'open' || next.seatsFree === 0) return 0;
  const ids = (await db('cohort_notify_requests').whereNull('notified_at').update({ notified_at: db.fn.now(), notified_cohort_id: next.id }).returning('id')) as Array<{ id: string }>;
  for (const { id } of ids) await requestMail(queues, log, { kind: 'cohort-open', requestId: id });
  return ids.length;
}
