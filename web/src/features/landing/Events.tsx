import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { PROGRAM } from '../incubator/program';
import { cohortStatusLine } from '../program/CohortFacts';
import { cohortText } from '../program/cohort-text';
import { useProgram } from '../program/store';
import { Icon, SectionHeading } from './ui';

/** Events (#events): the next cohort of the incubator (data: GET /api/program), linking to its event details page. */
export function Events() {
  const program = useProgram();
  const next = program?.next ?? null;
  const t = next ? cohortText(next) : null;
  const title = !program ? 'The Next Cohort' : next ? `The Next Cohort Starts ${t!.startDate}` : 'The Next Cohort Will Be Announced Here';
  return (
    <section id="events" aria-labelledby="events-title" className="bg-paper">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="events-title" eyebrow={next ? 'Upcoming Events' : 'Events'} title={title} />
        <article className="mx-auto mt-10 grid max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[12rem_1fr]">
          <div className="flex flex-row items-center justify-center gap-4 bg-ink-900 p-6 text-center text-white md:flex-col md:gap-1">
            {t ? (
              <>
                <p className="text-sm font-semibold uppercase tracking-[0.25em] text-gold-300">{t.calendar.month}</p>
                <p className="font-display text-5xl font-semibold">{t.calendar.day}</p>
                <p className="text-sm text-slate-300">{t.calendar.year}</p>
              </>
            ) : (
              <Icon name="calendar" className="h-12 w-12 text-gold-300" />
            )}
          </div>
          <div className="flex flex-col gap-4 p-6 sm:p-8">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-gold-50 px-2.5 py-0.5 text-xs font-semibold text-gold-800 ring-1 ring-gold-600/35">{program ? cohortStatusLine(next) : 'Next cohort'}</span>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-500/25">Hybrid</span>
            </div>
            <h3 className="font-display text-2xl font-semibold text-ink-900">{PROGRAM.name}: Business Incubator</h3>
            {next && t ? (
              <ul className="grid gap-2 text-slate-700 sm:grid-cols-2">
                <li className="flex items-center gap-2">
                  <Icon name="calendar" className="h-5 w-5 text-gold-800" /> Starts {t.startDate}
                </li>
                <li className="flex items-center gap-2">
                  <Icon name="clock" className="h-5 w-5 text-gold-800" /> Weekly at {t.sessionTime}, {next.weeks} weeks
                </li>
                <li className="flex items-center gap-2">
                  <Icon name="users" className="h-5 w-5 text-gold-800" /> {next.seats} participants per cohort
                </li>
                <li className="flex items-center gap-2">
                  <Icon name="media" className="h-5 w-5 text-gold-800" /> {next.format}
                </li>
              </ul>
            ) : (
              <p className="text-slate-700">{program ? 'No cohort is open for enrolment right now. Leave your e-mail on the incubator page and we will tell you when enrolment opens.' : 'Loading the next cohort…'}</p>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link to="/events/i-am-the-business" className={buttonClasses({ variant: 'secondary' })}>
                View Event Details
              </Link>
              <Link to="/incubator-application" className={buttonClasses({ variant: 'outline' })}>
                Apply Now
              </Link>
            </div>
          </div>
        </article>
      </div>
    </section>
  );
}
