import { pageTitle } from '../components/brand';
import { BusinessApplicationForm } from '../features/ecosystem/BusinessApplicationForm';
import { ECOSYSTEM_TEXT } from '../features/ecosystem/content';
import { FeedbackForm } from '../features/ecosystem/FeedbackForm';
import { BenefitCards, PartnerBusinesses, Section } from '../features/ecosystem/Sections';

const ANCHORS = [
  { href: '#join-ecosystem', label: ECOSYSTEM_TEXT.applyCta, primary: true },
  { href: '#ecosystem-businesses', label: ECOSYSTEM_TEXT.shopCta, primary: false },
  { href: '#feedback', label: ECOSYSTEM_TEXT.feedbackCta, primary: false },
];

/** '/business-ecosystem' (public): apply to join, the partner businesses that accept ADX, and feedback (spec §2). */
export default function BusinessEcosystem() {
  return (
    <>
      <title>{pageTitle(ECOSYSTEM_TEXT.title)}</title>
      <section className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(201,162,39,0.18),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(42,70,128,0.55),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">{ECOSYSTEM_TEXT.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl font-display text-4xl font-semibold leading-tight sm:text-5xl">{ECOSYSTEM_TEXT.heroTitle}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">{ECOSYSTEM_TEXT.heroIntro}</p>
          <nav aria-label="On this page" className="mt-8 flex flex-wrap gap-3">
            {ANCHORS.map((a) => (
              <a
                key={a.href}
                href={a.href}
                className={
                  a.primary
                    ? 'inline-flex items-center gap-2 rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-ink-950 shadow-lg shadow-black/20 transition-colors hover:bg-gold-300'
                    : 'inline-flex items-center gap-2 rounded-md border border-white/30 px-5 py-2.5 font-semibold text-white transition-colors hover:border-gold-300 hover:text-gold-300'
                }
              >
                {a.label}
              </a>
            ))}
          </nav>
        </div>
      </section>

      <Section id="join-ecosystem" title={ECOSYSTEM_TEXT.joinTitle} intro={ECOSYSTEM_TEXT.joinIntro}>
        <BenefitCards />
        <div className="mx-auto mt-10 max-w-3xl">
          <BusinessApplicationForm />
        </div>
      </Section>

      <Section id="ecosystem-businesses" title={ECOSYSTEM_TEXT.shopTitle} intro={ECOSYSTEM_TEXT.shopIntro} tone="white">
        <PartnerBusinesses />
      </Section>

      <Section id="feedback" title={ECOSYSTEM_TEXT.feedbackTitle} intro={ECOSYSTEM_TEXT.feedbackIntro}>
        <div className="mx-auto max-w-3xl">
          <FeedbackForm />
        </div>
      </Section>
    </>
  );
}
