import type { Knex } from 'knex';
import { cohortEndsAt, cohortState, nextCohort, runningCohort, seatsFree, zonedInstant } from '../../domain/cohorts';
import type { TCohortAdmin, TCohortInput, TCohortPublic, TProgramView } from '../../schemas/program';
import { pgQuery } from '../db';

/** A cohorts row as stored. */
export interface CohortRow {
  id: string;
  number: number;
  city: string;
  format: string;
  starts_on: string | Date;
  session_time: string;
  time_zone: string;
  starts_at: Date;
  weeks: number;
  seats: number;
  price_cents: string;
  enrolment_opens_at: Date;
  enrolment_closes_at: Date;
  seats_taken: number;
  seats_held: number;
}

const dateOnly = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);

/** A row as the public pages read it at `now`. */
export function toPublicCohort(r: CohortRow, now: Date): TCohortPublic {
  const times = { startsAt: r.starts_at.toISOString(), weeks: r.weeks, enrolmentOpensAt: r.enrolment_opens_at.toISOString(), enrolmentClosesAt: r.enrolment_closes_at.toISOString() };
  return {
    id: r.id,
    number: r.number,
    city: r.city,
    format: r.format,
    startsOn: dateOnly(r.starts_on),
    sessionTime: r.session_time,
    timeZone: r.time_zone,
    ...times,
    endsAt: cohortEndsAt(times),
    seats: r.seats,
    priceCents: Number(r.price_cents),
    state: cohortState(times, now),
    seatsFree: seatsFree({ seats: r.seats, seatsTaken: r.seats_taken, seatsHeld: r.seats_held }),
  };
}

/**
 * Every cohort, earliest start first. A named prepared statement run through pg: every program page and every
 * GET /api/program reads it (a rush of readers while seats go), and building it with knex and having Postgres parse
 * and plan it again cost more than running it.
 */
async function listCohortRows(db: Knex): Promise<CohortRow[]> {
  return pgQuery<CohortRow>(db, { name: 'list_cohorts', text: LIST_COHORTS, values: [] });
}

const LIST_COHORTS = `SELECT id, number, city, format, starts_on, session_time, time_zone, starts_at, weeks, seats, price_cents,
    enrolment_opens_at, enrolment_closes_at, seats_taken, seats_held
  FROM cohorts ORDER BY starts_at`;

/**
 * The program's facts at `now`, from Postgres: the one place the server loads what every program page, the
 * prerendered HTML and the JSON-LD show (its seed key is `program`).
 */
export async function loadProgramSeed(db: Knex, now: Date): Promise<TProgramView> {
  const cohorts = (await listCohortRows(db)).map((r) => toPublicCohort(r, now));
  return { asOf: now.toISOString(), next: nextCohort(cohorts, now), running: runningCohort(cohorts, now) };
}

/** The cohorts with their seat counts, for the admin page. */
export async function listAdminCohorts(db: Knex, now: Date): Promise<{ rows: TCohortAdmin[]; notifyPending: number }> {
  const pending = Number(((await db('cohort_notify_requests').whereNull('notified_at').count({ n: '*' }).first()) as { n: string }).n);
  const rows = (await listCohortRows(db)).map((r) => ({ ...toPublicCohort(r, now), seatsTaken: r.seats_taken, seatsHeld: r.seats_held, notifyPending: pending }));
  return { rows, notifyPending: pending };
}

function toColumns(c: TCohortInput) {
  return {
    number: c.number,
    city: c.city,
    format: c.format,
    starts_on: c.startsOn,
    session_time: c.sessionTime,
    time_zone: c.timeZone,
    starts_at: zonedInstant(c.startsOn, c.sessionTime, c.timeZone),
    weeks: c.weeks,
    seats: c.seats,
    price_cents: c.priceCents,
    enrolment_opens_at: new Date(c.enrolmentOpensAt),
    enrolment_closes_at: new Date(c.enrolmentClosesAt),
  };
}

/** Why a cohort cannot be stored as asked (a unique number, seats below those taken): a sentence for the admin. */
export class CohortConflictError extends Error {
  override name = 'CohortConflictError';
}

function conflictOf(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505') throw new CohortConflictError('Another cohort has this number');
  if (e.code === '23514' && e.constraint === 'cohorts_counts_check') throw new CohortConflictError('Seats cannot be fewer than the seats already taken or held');
  throw err;
}

/** Stores a new cohort; returns its row. */
export async function insertCohort(db: Knex, c: TCohortInput): Promise<CohortRow> {
  try {
    const [row] = (await db('cohorts').insert(toColumns(c)).returning('*')) as CohortRow[];
    return row!;
  } catch (err) {
    return conflictOf(err);
  }
}

/** Changes a cohort (its seat counters stay); undefined when there is no such cohort. */
export async function updateCohort(db: Knex, id: string, c: TCohortInput): Promise<{ before: CohortRow; after: CohortRow } | undefined> {
  try {
    return await db.transaction(async (trx) => {
      const before = (await trx('cohorts').where({ id }).forUpdate().first()) as CohortRow | undefined;
      if (!before) return undefined;
      const [after] = (await trx('cohorts').where({ id }).update({ ...toColumns(c), updated_at: trx.fn.now() }).returning('*')) as CohortRow[];
      return { before, after: after! };
    });
  } catch (err) {
    return conflictOf(err);
  }
}

/** The cohort of an enrolment or sponsorship and the enrolment's seat, as its success page shows them at `now`. */
export async function programOfPayment(db: Knex, paymentId: string, now: Date): Promise<{ cohort: TCohortPublic | null; seat: 'held' | 'confirmed' | 'released' | 'overbooked' | null }> {
  const row = (await db('program_payments as p')
    .leftJoin('cohorts as c', 'c.id', 'p.cohort_id')
    .leftJoin('seat_reservations as s', 's.payment_id', 'p.id')
    .where('p.id', paymentId)
    .first('c.*', 's.status as seat_status', 'p.cohort_id as payment_cohort')) as (CohortRow & { seat_status: string | null; payment_cohort: string | null }) | undefined;
  const seat = (row?.seat_status ?? null) as 'held' | 'confirmed' | 'released' | 'overbooked' | null;
  return { cohort: row?.payment_cohort ? toPublicCohort({ ...row, id: row.payment_cohort }, now) : null, seat };
}
