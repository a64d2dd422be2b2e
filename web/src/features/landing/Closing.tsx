import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { scrollToTop } from '../../lib/scroll';
import { ConsultationButton, ScholarshipButton } from '../forms/launchers';
import { PaymentButton } from '../payments/PaymentButton';
import { SponsorButton } from '../program/SponsorButton';
import { PROGRAM } from '../incubator/program';
import { SectionHeading } from './ui';
import { ON_DARK_OUTLINE } from '../site/classes';
import { useSiteSettings } from '../site/site-data';

/** DOG POUND (#community): the men's brotherhood, 15-minute morning sessions, button to /dog-pound. */
export function DogPoundSection() {
  return (
    <section id="community" aria-labelledby="dog-pound-title" className="bg-ink-950 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-20 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <SectionHeading id="dog-pound-title" eyebrow="Brotherhood" title="DOG POUND" dark align="left">
            Men sharpening men. Fifteen minutes every Monday, Wednesday and Friday morning to set the day right: accountability, faith and focus
            with brothers who show up.
          </SectionHeading>
        </div>
        <Link to="/dog-pound" className={buttonClasses({ size: 'lg' })}>
          Enter the DOG POUND
        </Link>
      </div>
    </section>
  );
}

const WAYS = [
  { title: 'Donate', text: 'Fund scholarships, learning materials and community outreach.' },
  { title: 'Sponsor a Student', text: 'Place an 11th or 12th grader in the incubator.' },
  { title: 'Apply for a Scholarship', text: `Decisions in ${PROGRAM.scholarshipDecision}.` },
  { title: 'Partner on a Sector', text: 'Bring your expertise to one of the seven sectors.' },
] as const;

/** Get Involved (#get-involved; the footer's #involved): donate, sponsor, scholarship, partnership. */
export function GetInvolved() {
  return (
    <section id="get-involved" aria-labelledby="involved-title" className="bg-paper">
      <div id="involved" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="involved-title" eyebrow="Get Involved" title="Four Ways to Build With Us" />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {WAYS.map((w) => (
            <li key={w.title} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-display text-xl font-semibold text-ink-900">{w.title}</h3>
              <p className="flex-1 text-sm leading-relaxed text-slate-700">{w.text}</p>
              {w.title === 'Donate' && (
                <PaymentButton kind="donate" className="self-start">
                  Donate
                </PaymentButton>
              )}
              {w.title === 'Sponsor a Student' && (
                <SponsorButton variant="secondary" className="self-start" />
              )}
              {w.title === 'Apply for a Scholarship' && (
                <ScholarshipButton variant="secondary" className="self-start">
                  Apply Now
                </ScholarshipButton>
              )}
              {w.title === 'Partner on a Sector' && (
                <ConsultationButton variant="secondary" className="self-start">
                  Book a Consultation
                </ConsultationButton>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The call to action (#cta): 'Your Legacy Starts Here'; Become a Member, and Learn More (smoothly to the top). */
export function CallToAction() {
  const { communityClaim } = useSiteSettings();
  return (
    <section id="cta" aria-labelledby="cta-title" className="relative overflow-hidden bg-ink-900 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgba(201,162,39,0.18),transparent_65%)]" />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6">
        <h2 id="cta-title" className="font-display text-4xl font-semibold sm:text-5xl">
          Your Legacy Starts Here
        </h2>
        <p className="text-lg leading-relaxed text-slate-200">
          Join {communityClaim ? <strong className="text-gold-300">{`${communityClaim} legacy builders`}</strong> : 'the legacy builders'} who decided that what they build today will outlast them.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/incubator-application" className={buttonClasses({ size: 'lg' })}>
            Become a Member
          </Link>
          <button type="button" onClick={scrollToTop} className={buttonClasses({ variant: 'outline', size: 'lg', className: ON_DARK_OUTLINE })}>
            Learn More
          </button>
        </div>
      </div>
    </section>
  );
}
