import { formatCohortDate, formatCohortTime } from '@app/common/domain/cohorts';
import type { TCohortPublic } from '@app/common/schemas/program';

/** "$2,497" (whole dollars) or "$2,497.50". */
function priceLabel(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** The words pages use for one cohort, in its own time zone. */
export function cohortText(c: TCohortPublic) {
  const date = formatCohortDate(c.startsAt, c.timeZone);
  const [month = '', day = '', year = ''] = new Intl.DateTimeFormat('en-US', { timeZone: c.timeZone, month: 'short', day: 'numeric', year: 'numeric' })
    .formatToParts(new Date(c.startsAt))
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value);
  return {
    label: `Cohort ${c.number}`,
    startDate: date,
    calendar: { month, day, year },
    sessionTime: formatCohortTime(c.startsAt, c.timeZone),
    price: priceLabel(c.priceCents),
    opens: formatCohortDate(c.enrolmentOpensAt, c.timeZone),
    closes: formatCohortDate(c.enrolmentClosesAt, c.timeZone),
  };
}

/** What the enrol panel offers for the presented cohort. */
export type EnrolState = { kind: 'loading' } | { kind: 'none' } | { kind: 'open'; c: TCohortPublic } | { kind: 'full'; c: TCohortPublic } | { kind: 'upcoming'; c: TCohortPublic } | { kind: 'closed'; c: TCohortPublic };

/** One rule for every page: sell only an open cohort with a free seat; otherwise say why, plainly. */
export function enrolState(next: TCohortPublic | null | undefined): EnrolState {
  if (next === undefined) return { kind: 'loading' };
  if (!next) return { kind: 'none' };
  if (next.state === 'open') return next.seatsFree > 0 ? { kind: 'open', c: next } : { kind: 'full', c: next };
  if (next.state === 'upcoming') return { kind: 'upcoming', c: next };
  return { kind: 'closed', c: next };
}

/** The cohort facts listed on the program pages. */
export function cohortFacts(c: TCohortPublic): Array<{ label: string; value: string }> {
  const t = cohortText(c);
  return [
    { label: 'Next cohort', value: `${t.label}: starts ${t.startDate}` },
    { label: 'Schedule', value: `${c.weeks} weeks, weekly sessions at ${t.sessionTime}` },
    { label: 'Format', value: `${c.format} (${c.city})` },
    { label: 'Class size', value: `Limited to ${c.seats} participants per cohort` },
  ];
}
