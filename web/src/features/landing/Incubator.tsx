import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { ScholarshipButton } from '../forms/launchers';
import { PROGRAM } from '../incubator/program';
import { LearningTopics } from '../incubator/LearningTopics';
import { CohortFacts, cohortStatusLine } from '../program/CohortFacts';
import { cohortText } from '../program/cohort-text';
import { EnrolPanel } from '../program/EnrolPanel';
import { useProgram } from '../program/store';
import { useSiteSettings } from '../site/site-data';
import { VideoEmbed } from '../site/VideoEmbed';
import { SectionHeading } from './ui';

/**
 * The incubator section (#incubator): intro video, program benefits, the price card with the enrol and sponsor
 * buttons (payment slots), the scholarship dialog, and the stated figures.
 */
export function Incubator() {
  const program = useProgram();
  const next = program?.next ?? null;
  const { incubatorVideoUrl, programClaims } = useSiteSettings();
  return (
    <section id="incubator" aria-labelledby="incubator-title" className="bg-ink-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="incubator-title" eyebrow={next ? `${next.weeks}-Week Business Incubator` : 'Business Incubator'} title={PROGRAM.name} dark>
          From idea to income{next ? ` in ${next.weeks} weeks` : ''}, with mentors who have built businesses and a cohort that holds you accountable.
        </SectionHeading>

        <div className="mt-12 grid gap-8 lg:grid-cols-[1.4fr_1fr] lg:items-start">
          <div className="flex flex-col gap-8">
            <VideoEmbed link={incubatorVideoUrl} title="Watch the program introduction" caption="Meet the mentors and hear from founders in the program." />
            <div>
              <h3 className="font-display text-2xl font-semibold">What you will learn</h3>
              <LearningTopics look="dark" />
            </div>
          </div>

          <div className="flex flex-col gap-5 rounded-2xl bg-white p-6 text-ink-900 shadow-2xl shadow-black/30 ring-2 ring-gold-500 sm:p-8" data-testid="price-card">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-800">{program ? cohortStatusLine(next) : 'Next cohort'}</p>
              {next ? <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-700/25">{next.seats} seats</span> : null}
            </div>
            {next ? (
              <p>
                <span className="font-display text-5xl font-semibold">{cohortText(next).price}</span>
                <span className="ml-2 text-slate-600">full program</span>
              </p>
            ) : null}
            <dl className="flex flex-col gap-2.5 text-sm">
              <CohortFacts item="flex flex-col border-b border-slate-100 pb-2.5 last:border-0 last:pb-0" term="font-semibold text-ink-900" detail="text-slate-700" />
            </dl>
            <div className="flex flex-col gap-2.5">
              <EnrolPanel />
              <ScholarshipButton variant="outline" size="lg" className="w-full">
                Apply for a Scholarship
              </ScholarshipButton>
              <Link to="/events/i-am-the-business" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
                See the full event details
              </Link>
            </div>
          </div>
        </div>

        {programClaims.length > 0 && (
          <dl className="mt-14 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="program-claims">
            {programClaims.map((f) => (
              <div key={f.label} className="flex flex-col rounded-xl border border-ink-700 bg-ink-800 p-5 text-center">
                <dt className="text-sm text-slate-300">{f.label}</dt>
                <dd className="order-first font-display text-3xl font-semibold text-gold-300">{f.figure}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
