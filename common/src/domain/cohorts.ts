/**
 * The incubator's cohorts as rules over data and a clock: every function that depends on the time takes `now`,
 * so no page, mail or test reads the machine's date behind the caller's back.
 */

/** Where a cohort is in its life at a moment. */
export type CohortState = 'upcoming' | 'open' | 'closed' | 'running' | 'completed';

/** What the rules need of a cohort (instants as ISO strings, as the API sends them). */
export interface CohortTimes {
  startsAt: string;
  weeks: number;
  enrolmentOpensAt: string;
  enrolmentClosesAt: string;
}

const WEEK_MS = 7 * 86_400_000;

/** The moment the cohort's last week is over. */
export function cohortEndsAt(c: Pick<CohortTimes, 'startsAt' | 'weeks'>): string {
  return new Date(Date.parse(c.startsAt) + c.weeks * WEEK_MS).toISOString();
}

/**
 * upcoming: announced, enrolment not open yet; open: enrolment open; closed: enrolment over, not started;
 * running: started, not over; completed: over. A cohort that has started is never upcoming or open, whatever its
 * enrolment dates say.
 */
export function cohortState(c: CohortTimes, now: Date): CohortState {
  const t = now.getTime();
  if (t >= Date.parse(cohortEndsAt(c))) return 'completed';
  if (t >= Date.parse(c.startsAt)) return 'running';
  if (t < Date.parse(c.enrolmentOpensAt)) return 'upcoming';
  if (t < Date.parse(c.enrolmentClosesAt)) return 'open';
  return 'closed';
}

/**
 * The cohort the pages present: the earliest not yet started whose enrolment is open, else the earliest not yet
 * started at all (announced, or enrolment closed), else none. A cohort that has started is never "next".
 */
export function nextCohort<C extends CohortTimes>(cohorts: readonly C[], now: Date): C | null {
  const ahead = cohorts.filter((c) => Date.parse(c.startsAt) > now.getTime()).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return ahead.find((c) => cohortState(c, now) === 'open') ?? ahead[0] ?? null;
}

/** The cohort in progress now (the latest started, if several overlap), or none. */
export function runningCohort<C extends CohortTimes>(cohorts: readonly C[], now: Date): C | null {
  const running = cohorts.filter((c) => cohortState(c, now) === 'running').sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return running[0] ?? null;
}

/**
 * The instant of a wall-clock date and time in an IANA time zone ('2026-10-03', '10:00', 'America/New_York').
 * Computed with Intl (no tables of our own); a time that does not exist (a DST gap) moves forward with the clock.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const h = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !h) throw new RangeError(`Not a date and time: "${date} ${time}"`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(h[1]), Number(h[2]));
  // The zone's offset at a guess, then at the corrected instant (they differ only across a DST change).
  let instant = wall - offsetMs(wall, timeZone);
  instant = wall - offsetMs(instant, timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The cohort's day as "Month D, YYYY", in the cohort's zone. */
export function formatCohortDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** "10:00 AM EDT" in the cohort's zone, at the given instant (the zone's abbreviation follows daylight saving). */
export function formatCohortTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

/** Seats nobody holds or has paid for. */
export const seatsFree = (c: { seats: number; seatsTaken: number; seatsHeld: number }): number => Math.max(0, c.seats - c.seatsTaken - c.seatsHeld);

/**
 * How long an Enroll checkout keeps its seat, and the checkout's `expires_at`: Stripe's shortest checkout (30 minutes
 * after its creation) and a minute for the request to reach Stripe, which refuses anything shorter.
 */
export const SEAT_HOLD_MS = 31 * 60_000;
/** How long after its checkout's expiry the sweep waits before it frees a hold whose expiry event never came. */
export const SEAT_SWEEP_GRACE_MS = 2 * 60_000;

/** What schema.org calls the cohort's offer: on sale, sold out, or not on sale yet / any more. */
export function offerAvailability(state: CohortState, free: number): 'InStock' | 'SoldOut' | 'PreOrder' | 'Discontinued' {
  if (state === 'open') return free > 0 ? 'InStock' : 'SoldOut';
  if (state === 'upcoming') return 'PreOrder';
  return 'Discontinued';
}
