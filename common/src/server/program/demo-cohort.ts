import type { Knex } from 'knex';
import type { TCohortInput } from '../../schemas/program';
import { insertCohort, type CohortRow } from './cohorts.repository';

const DAY_MS = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A cohort relative to `now` (the demo seed's and the tests'): enrolment open since yesterday, starting on the first
 * Saturday at least six weeks ahead at 10:00 New York time, 12 weeks, 25 seats, $2,497; enrolment closes two days
 * before the start. `overrides` change any field.
 */
export function demoCohortInput(now: Date, overrides: Partial<TCohortInput> = {}): TCohortInput {
  const start = new Date(now.getTime() + 42 * DAY_MS);
  start.setUTCDate(start.getUTCDate() + ((6 - start.getUTCDay() + 7) % 7));
  return {
    number: 1,
    city: 'Online',
    format: 'Hybrid: online plus in person; virtual cohort on our Discord community',
    startsOn: ymd(start),
    sessionTime: '10:00',
    timeZone: 'America/New_York',
    weeks: 12,
    seats: 25,
    priceCents: 249_700,
    enrolmentOpensAt: new Date(now.getTime() - DAY_MS).toISOString(),
    enrolmentClosesAt: new Date(start.getTime() - 2 * DAY_MS).toISOString(),
    ...overrides,
  };
}

/** Stores the demo cohort when no cohort exists yet (seeding twice changes nothing); returns it, or undefined. */
export async function seedDemoCohort(db: Knex, now: Date): Promise<CohortRow | undefined> {
  if (await db('cohorts').first('id')) return undefined;
  return insertCohort(db, demoCohortInput(now));
}
