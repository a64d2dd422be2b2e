import { describe, expect, it } from 'vitest';
import { cohortEndsAt, cohortState, formatCohortDate, formatCohortTime, nextCohort, offerAvailability, runningCohort, seatsFree, zonedInstant } from '@app/common/domain/cohorts';

const cohort = (startsAt: string, opens = '2026-06-01T00:00:00Z', closes = '2026-09-25T00:00:00Z', weeks = 12) => ({ startsAt, weeks, enrolmentOpensAt: opens, enrolmentClosesAt: closes });
const at = (iso: string) => new Date(iso);

describe('cohort state from a clock', () => {
  const c = cohort('2026-10-03T14:00:00Z');
  it('is upcoming before enrolment, open during it, closed after it until the start', () => {
    expect(cohortState(c, at('2026-05-31T23:59:59Z'))).toBe('upcoming');
    expect(cohortState(c, at('2026-06-01T00:00:00Z'))).toBe('open');
    expect(cohortState(c, at('2026-09-24T23:59:59Z'))).toBe('open');
    expect(cohortState(c, at('2026-09-25T00:00:00Z'))).toBe('closed');
  });
  it('is running from its start and completed after its weeks, whatever enrolment says', () => {
    const late = cohort('2026-10-03T14:00:00Z', '2026-06-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(cohortState(late, at('2026-10-03T14:00:00Z'))).toBe('running');
    expect(cohortEndsAt(late)).toBe('2026-12-26T14:00:00.000Z');
    expect(cohortState(late, at('2026-12-26T13:59:59Z'))).toBe('running');
    expect(cohortState(late, at('2026-12-26T14:00:00Z'))).toBe('completed');
  });
});

describe('which cohort the pages present', () => {
  const past = { id: 'past', ...cohort('2025-10-04T14:00:00Z', '2025-06-01T00:00:00Z', '2025-09-30T00:00:00Z') };
  const running = { id: 'running', ...cohort('2026-11-01T14:00:00Z', '2026-08-01T00:00:00Z', '2026-10-30T00:00:00Z') };
  const announced = { id: 'announced', ...cohort('2027-02-06T14:00:00Z', '2026-12-15T00:00:00Z', '2027-02-01T00:00:00Z') };
  const open = { id: 'open', ...cohort('2027-03-06T14:00:00Z', '2026-11-01T00:00:00Z', '2027-03-01T00:00:00Z') };
  const now = at('2026-11-26T09:00:00Z');

  it('prefers the earliest open cohort not yet started, then the earliest announced one', () => {
    expect(nextCohort([past, running, announced, open], now)?.id).toBe('open');
    expect(nextCohort([past, running, announced], now)?.id).toBe('announced');
  });
  it('never presents a started cohort as next; none when nothing lies ahead', () => {
    expect(nextCohort([past, running], now)).toBeNull();
    expect(runningCohort([past, running], now)?.id).toBe('running');
    expect(runningCohort([past], now)).toBeNull();
  });
  it('moves on as the clock does', () => {
    expect(nextCohort([open], at('2027-03-06T13:59:00Z'))?.id).toBe('open');
    expect(nextCohort([open], at('2027-03-06T14:00:00Z'))).toBeNull();
  });
});

describe('dates in the cohort’s time zone', () => {
  it('turns a wall-clock start into the right instant across daylight saving', () => {
    expect(zonedInstant('2026-10-03', '10:00', 'America/New_York').toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(zonedInstant('2026-12-05', '10:00', 'America/New_York').toISOString()).toBe('2026-12-05T15:00:00.000Z');
    expect(zonedInstant('2026-07-01', '09:30', 'Europe/London').toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(() => zonedInstant('2026-7-1', '9:30', 'UTC')).toThrow(RangeError);
  });
  it('formats the start where the cohort meets', () => {
    expect(formatCohortDate('2026-10-03T14:00:00Z', 'America/New_York')).toBe('October 3, 2026');
    expect(formatCohortTime('2026-10-03T14:00:00Z', 'America/New_York')).toBe('10:00 AM EDT');
  });
});

describe('seats and offers', () => {
  it('counts free seats and never below zero', () => {
    expect(seatsFree({ seats: 25, seatsTaken: 20, seatsHeld: 3 })).toBe(2);
    expect(seatsFree({ seats: 25, seatsTaken: 25, seatsHeld: 1 })).toBe(0);
  });
  it('sells only an open cohort with seats', () => {
    expect(offerAvailability('open', 3)).toBe('InStock');
    expect(offerAvailability('open', 0)).toBe('SoldOut');
    expect(offerAvailability('upcoming', 25)).toBe('PreOrder');
    expect(offerAvailability('running', 25)).toBe('Discontinued');
  });
});
