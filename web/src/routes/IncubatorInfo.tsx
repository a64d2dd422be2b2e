import { Link } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { COHORT_FACTS, PROGRAM } from '../features/incubator/program';
import { LearningTopics } from '../features/incubator/LearningTopics';
import { RegistrationForm } from '../features/incubator/RegistrationForm';
import { useSiteSettings } from '../features/site/site-data';

/**
 * /incubator: the incubator information page (the spec's "other version"): Back to Home, a header with title,
 * description, next cohort date and the 'Cohort 1 of 10' badge; program details, what you'll learn and program
 * success; registration form B on the right.
 */
export default function IncubatorInfo() {
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
              {PROGRAM.cohortLabel}
            </Badge>
            <Badge variant="gold">Next cohort: {PROGRAM.startDate}</Badge>
          </div>
          <h1 className="font-display text-4xl font-semibold text-ink-900 sm:text-5xl">{PROGRAM.name} Incubator</h1>
          <p className="max-w-3xl text-lg leading-relaxed text-slate-700">
            A {PROGRAM.weeks}-week hybrid program that turns your idea into a business: weekly sessions, mentors on call and a cohort of{' '}
            {PROGRAM.cohortCap} builders who will not let you quit.
          </p>
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_26rem]">
          <div className="flex flex-col gap-10">
            <section aria-labelledby="details-title">
              <h2 id="details-title" className="font-display text-2xl font-semibold text-ink-900">Program details</h2>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2">
                {COHORT_FACTS.map((f) => (
                  <div key={f.label} className="rounded-xl border border-slate-200 bg-white p-4">
                    <dt className="text-sm font-semibold text-gold-800">{f.label}</dt>
                    <dd className="mt-1 text-ink-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
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
            <h2 id="register-title" className="font-display text-2xl font-semibold text-ink-900">Register for {PROGRAM.cohortLabel}</h2>
            <p className="mb-5 mt-1 text-sm text-slate-600">Every field is required. We will confirm your place by e-mail.</p>
            <RegistrationForm />
          </section>
        </div>
      </div>
    </>
  );
}
