import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { PROGRAM } from '../incubator/program';
import { Icon, SectionHeading } from './ui';

/** Events (#events): the next cohort of the incubator, linking to its event details page. */
export function Events() {
  return (
    <section id="events" aria-labelledby="events-title" className="bg-paper">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="events-title" eyebrow="Upcoming Events" title="The Next Cohort Starts Soon" />
        <article className="mx-auto mt-10 grid max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[12rem_1fr]">
          <div className="flex flex-row items-center justify-center gap-4 bg-ink-900 p-6 text-center text-white md:flex-col md:gap-1">
            <p className="text-sm font-semibold uppercase tracking-[0.25em] text-gold-300">Oct</p>
            <p className="font-display text-5xl font-semibold">4</p>
            <p className="text-sm text-slate-300">2025</p>
          </div>
          <div className="flex flex-col gap-4 p-6 sm:p-8">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-gold-50 px-2.5 py-0.5 text-xs font-semibold text-gold-800 ring-1 ring-gold-600/35">{PROGRAM.cohortLabel}</span>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-500/25">Hybrid</span>
            </div>
            <h3 className="font-display text-2xl font-semibold text-ink-900">{PROGRAM.name}: Business Incubator</h3>
            <ul className="grid gap-2 text-slate-700 sm:grid-cols-2">
              <li className="flex items-center gap-2">
                <Icon name="calendar" className="h-5 w-5 text-gold-800" /> Starts {PROGRAM.startDate}
              </li>
              <li className="flex items-center gap-2">
                <Icon name="clock" className="h-5 w-5 text-gold-800" /> Weekly at {PROGRAM.sessionTime}, {PROGRAM.weeks} weeks
              </li>
              <li className="flex items-center gap-2">
                <Icon name="users" className="h-5 w-5 text-gold-800" /> {PROGRAM.cohortCap} participants per cohort
              </li>
              <li className="flex items-center gap-2">
                <Icon name="media" className="h-5 w-5 text-gold-800" /> Virtual cohort on Discord
              </li>
            </ul>
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
