import type { TCohortPublic } from '@app/common/schemas/program';
import { cohortFacts, cohortText } from './cohort-text';
import { useProgram } from './store';

/** The presented cohort's facts as dt/dd pairs (`item` styles each pair), or why there are none. */
export function CohortFacts({ item, term, detail }: { item: string; term: string; detail: string }) {
  const program = useProgram();
  const rows: Array<{ label: string; value: string }> = !program
    ? [{ label: 'Next cohort', value: 'Loading the next cohort…' }]
    : program.next
      ? cohortFacts(program.next)
      : [{ label: 'Next cohort', value: 'No cohort is open for enrolment right now; the next one will be announced here.' }];
  return (
    <>
      {rows.map((f) => (
        <div key={f.label} className={item}>
          <dt className={term}>{f.label}</dt>
          <dd className={detail}>{f.value}</dd>
        </div>
      ))}
    </>
  );
}

/** A short line on where the presented cohort stands ("Cohort 2 · Enrolment open", "Cohort 2 · Full"). */
export function cohortStatusLine(c: TCohortPublic | null): string {
  if (!c) return 'No cohort open for enrolment';
  const label = cohortText(c).label;
  if (c.state === 'open') return c.seatsFree > 0 ? `${label} · Enrolment open` : `${label} · Full`;
  if (c.state === 'upcoming') return `${label} · Enrolment opens ${cohortText(c).opens}`;
  return `${label} · Enrolment closed`;
}
