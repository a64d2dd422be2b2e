import { Link } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { PROGRAM } from '../features/incubator/program';
import { CohortFacts, cohortStatusLine } from '../features/program/CohortFacts';
import { cohortText } from '../features/program/cohort-text';
import { EnrolPanel } from '../features/program/EnrolPanel';
import { useProgram } from '../features/program/store';
import { LearningTopics } from '../features/incubator/LearningTopics';
import { RegistrationForm } from '../features/incubator/RegistrationForm';
import { useSiteSettings } from '../features/site/site-data';

/**
 * /incubator: the incubator information page (the spec's "other version"): Back to Home, a header with title,
 * description, the next cohort's date and standing (data: GET /api/program); program details, enrolment (or why not,
 * with the "notify me" form), what you'll learn and program success; registration form B on the right.
 */
export default function IncubatorInfo() {
  const program = useProgram();
  const next = program?.next ?? null;
  const { programClaims } = useSiteSettings();
  return (
    <>
      <title>{pageTitle(`${PROGRAM.name} Incubator`)}</title>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <Link to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-gold-800 hover:text-ink-900">
          ← Back to Home
        </Link>
        <header className="mt-6 flex flex-col gap-3 border-b border-slate-200 pb-8">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="navy" dot>
              {program ? cohortStatusLine(next) : 'Next cohort'}
            </Badge>
            {next ? <Badge variant="gold">Next cohort: {cohortText(next).startDate}</Badge> : null}
          </div>
          <h1 className="font-display text-4xl font-semibold text-ink-900 sm:text-5xl">{PROGRAM.name} Incubator</h1>
          <p className="max-w-3xl text-lg leading-relaxed text-slate-700">
            A {next ? `${next.weeks}-week ` : ''}hybrid program that turns your idea into a business: weekly sessions, mentors on call and a cohort of
            {next ? ` ${next.seats}` : ''} builders who will not let you quit.
          </p>
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_26rem]">
          <div className="flex flex-col gap-10">
            <section aria-labelledby="details-title">
              <h2 id="details-title" className="font-display text-2xl font-semibold text-ink-900">Program details</h2>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2">
                <CohortFacts item="rounded-xl border border-slate-200 bg-white p-4" term="text-sm font-semibold text-gold-800" detail="mt-1 text-ink-900" />
              </dl>
            </section>
            <section aria-labelledby="enrol-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
              <h2 id="enrol-title" className="mb-4 font-display text-2xl font-semibold text-ink-900">Enrol</h2>
              <EnrolPanel />
            </section>
            <section aria-labelledby="learn-title">
              <h2 id="learn-title" className="font-display text-2xl font-semibold text-ink-900">What you&rsquo;ll learn</h2>
              <LearningTopics look="plain" className="mt-4 grid gap-3 sm:grid-cols-2" />
            </section>
            {programClaims.length > 0 && (
              <section aria-labelledby="success-title">
                <h2 id="success-title" className="font-display text-2xl font-semibold text-ink-900">Program success</h2>
                <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {programClaims.map((f) => (
                    <div key={f.label} className="flex flex-col rounded-xl bg-ink-900 p-4 text-white">
                      <dt className="text-sm text-slate-300">{f.label}</dt>
                      <dd className="order-first font-display text-2xl font-semibold text-gold-300">{f.figure}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
          </div>
          <section aria-labelledby="register-title" className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-ink-950/5 sm:p-6 lg:sticky lg:top-24">
            <h2 id="register-title" className="font-display text-2xl font-semibold text-ink-900">Register {next ? `for ${cohortText(next).label}` : 'your interest'}</h2>
            <p className="mb-5 mt-1 text-sm text-slate-600">Every field is required. We will confirm your place by e-mail.</p>
            <RegistrationForm />
          </section>
        </div>
      </div>
    </>
  );
}
