import { Link } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { buttonClasses } from '../components/ui/button';
import { PROGRAM } from '../features/incubator/program';
import { CohortFacts, cohortStatusLine } from '../features/program/CohortFacts';
import { cohortText } from '../features/program/cohort-text';
import { EnrolPanel } from '../features/program/EnrolPanel';
import { useProgram } from '../features/program/store';
import { LearningTopics } from '../features/incubator/LearningTopics';
import { NewTab } from '../features/landing/ui';
import { useSiteSettings } from '../features/site/site-data';
import { ON_DARK_OUTLINE } from '../features/site/classes';

/**
 * /events/i-am-the-business: the program's event details (the spec leaves this route's path open), with the presented
 * cohort's facts (data: GET /api/program; its JSON-LD Event comes from the same data, features/site/seo.ts).
 */
export default function EventDetails() {
  const program = useProgram();
  const next = program?.next ?? null;
  const t = next ? cohortText(next) : null;
  const { communityInviteUrl, programClaims } = useSiteSettings();
  return (
    <>
      <title>{pageTitle(`${PROGRAM.name}: Event Details`)}</title>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
          <Link to="/#events" className="text-sm font-semibold text-gold-300 hover:text-white">
            ← All events
          </Link>
          <div className="mt-6 flex flex-wrap gap-2">
            <span className="rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold text-ink-950">{program ? cohortStatusLine(next) : 'Next cohort'}</span>
          </div>
          <h1 className="mt-4 font-display text-4xl font-semibold sm:text-6xl">{PROGRAM.name}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">
            A business incubator for people ready to stop waiting and start building.{' '}
            {next && t ? `${next.weeks} weekly sessions at ${t.sessionTime}, starting ${t.startDate}.` : program ? 'No cohort is open for enrolment right now.' : ''}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/incubator-application" className={buttonClasses({ size: 'lg' })}>
              Apply Now
            </Link>
            <Link to="/incubator" className={buttonClasses({ variant: 'outline', size: 'lg', className: ON_DARK_OUTLINE })}>
              Register Your Interest
            </Link>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-10">
          <section aria-labelledby="when-title">
            <h2 id="when-title" className="font-display text-2xl font-semibold text-ink-900">When and where</h2>
            <dl className="mt-5 flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              <CohortFacts item="grid gap-1 px-5 py-4 sm:grid-cols-[10rem_1fr]" term="font-semibold text-ink-900" detail="text-slate-700" />
              <div className="grid gap-1 px-5 py-4 sm:grid-cols-[10rem_1fr]">
                <dt className="font-semibold text-ink-900">Attendance</dt>
                <dd className="text-slate-700">
                  Every weekly session expected; at most {PROGRAM.makeupSessions} makeup session across the program
                </dd>
              </div>
              <div className="grid gap-1 px-5 py-4 sm:grid-cols-[10rem_1fr]">
                <dt className="font-semibold text-ink-900">Investment</dt>
                <dd className="text-slate-700">{t ? `${t.price}; ` : ''}sponsorships and scholarships available</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="learn-title">
            <h2 id="learn-title" className="font-display text-2xl font-semibold text-ink-900">What you will learn</h2>
            <LearningTopics look="card" />
          </section>
        </div>
        <aside className="flex flex-col gap-5">
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <EnrolPanel sponsor={false} />
          </div>
          {programClaims.length > 0 && (
            <div className="rounded-xl bg-ink-900 p-6 text-white">
              <h2 className="font-display text-xl font-semibold">Program results</h2>
              <dl className="mt-4 grid grid-cols-2 gap-4">
                {programClaims.map((f) => (
                  <div key={f.label} className="flex flex-col">
                    <dt className="text-xs text-slate-300">{f.label}</dt>
                    <dd className="order-first font-display text-2xl font-semibold text-gold-300">{f.figure}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {communityInviteUrl && (
            <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
              Join Discord
              <NewTab />
            </a>
          )}
        </aside>
      </div>
    </>
  );
}
