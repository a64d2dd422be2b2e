import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { scrollToId } from '../../lib/scroll';
import { PROGRAM } from '../incubator/program';
import { Icon, IconTile, NewTab, type IconName } from '../landing/ui';
import { SponsorButton } from '../program/SponsorButton';
import { useSiteSettings } from '../site/site-data';
import { ON_DARK_OUTLINE } from '../site/classes';

/** The pitch deck's sticky header: links that scroll to problem, solution, opportunity and roadmap, and 'Invest Now'. */
export function PitchHeader() {
  const links = [
    ['problem', 'Problem'],
    ['solution', 'Solution'],
    ['opportunity', 'Opportunity'],
    ['roadmap', 'Roadmap'],
  ] as const;
  return (
    <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav aria-label="Pitch deck" className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-4 sm:px-6">
        <div className="-mx-1 flex min-w-0 flex-1 gap-1 overflow-x-auto">
          {links.map(([id, label]) => (
            <button key={id} type="button" onClick={() => scrollToId(id)} className="shrink-0 rounded-md px-2.5 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-900/5">
              {label}
            </button>
          ))}
        </div>
        <Link to="/investment-portal" className={buttonClasses({ size: 'sm' })}>
          Invest Now
        </Link>
      </nav>
    </div>
  );
}

/** 1. Hero: 'Explore the Vision' scrolls to the problem. */
export function PitchHero() {
  const { presenter } = useSiteSettings();
  return (
    <section aria-labelledby="pitch-title" className="relative overflow-hidden bg-ink-900 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(201,162,39,0.22),transparent_55%)]" />
      <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">Investor Pitch Deck{presenter && ` · Presented by ${presenter}`}</p>
        <h1 id="pitch-title" className="max-w-4xl font-display text-4xl font-semibold leading-tight sm:text-6xl">
          Rebuilding Trust, <span className="text-gold-300">One Sector at a Time</span>
        </h1>
        <p className="max-w-2xl text-lg leading-relaxed text-slate-200">
          A trust-first ecosystem of education, incubation and a community token, built to keep value in the communities that create it.
        </p>
        <button type="button" onClick={() => scrollToId('problem')} className={buttonClasses({ size: 'lg' })}>
          Explore the Vision
        </button>
      </div>
    </section>
  );
}

/** A pitch section's frame: anchor id, eyebrow, title and intro. */
export function PitchSection({ id, eyebrow, title, intro, dark = false, children }: { id: string; eyebrow: string; title: string; intro?: string; dark?: boolean; children?: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-14 ${dark ? "bg-ink-900 text-white" : "bg-paper"}`}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <p className={`text-xs font-semibold uppercase tracking-[0.25em] ${dark ? 'text-gold-300' : 'text-gold-800'}`}>{eyebrow}</p>
        <h2 id={`${id}-title`} className={`mt-2 font-display text-3xl font-semibold sm:text-4xl ${dark ? 'text-white' : 'text-ink-900'}`}>
          {title}
        </h2>
        {intro && <p className={`mt-4 max-w-3xl text-lg leading-relaxed ${dark ? 'text-slate-200' : 'text-slate-700'}`}>{intro}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

const GAPS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'media', title: 'Information you cannot trust', text: 'Noise drowns out facts, and the people who create value are rarely the ones paid for it.' },
  { icon: 'coins', title: 'Money that leaves the community', text: 'Wealth flows out through intermediaries instead of circulating among neighbours.' },
  { icon: 'cap', title: 'Education without earning', text: 'People learn for years without a path to ownership, capital or a business of their own.' },
];

/** 3. The problem: The Trust Gap. */
export function TrustGap() {
  return (
    <PitchSection id="problem" eyebrow="The Problem" title="The Trust Gap" intro="Communities have lost faith in the institutions meant to serve them, and that lost trust has a price.">
      <ul className="grid gap-5 md:grid-cols-3">
        {GAPS.map((g) => (
          <li key={g.title} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <IconTile name={g.icon} />
            <h3 className="font-display text-xl font-semibold text-ink-900">{g.title}</h3>
            <p className="leading-relaxed text-slate-700">{g.text}</p>
          </li>
        ))}
      </ul>
    </PitchSection>
  );
}

/** 5. Technology and business model: blockchain, the ADX token with staking rewards and governance rights. */
export function Technology() {
  const items: Array<{ icon: IconName; title: string; text: string }> = [
    { icon: 'shield', title: 'Public blockchain', text: 'Every token and transaction is recorded on a public chain anyone can audit.' },
    { icon: 'coins', title: 'ADX token', text: 'The currency of the ecosystem: used in the marketplace, for programs and for rewards.' },
    { icon: 'chart', title: 'Staking rewards', text: 'Holders who stake ADX share in the growth of the ecosystem.' },
    { icon: 'columns', title: 'Governance rights', text: 'Token holders vote on the priorities of each sector.' },
  ];
  return (
    <PitchSection id="technology" eyebrow="Technology & Business Model" title="Trust, Written Into the Code" dark intro="Revenue comes from program fees, marketplace transactions and token activity; trust comes from making all of it verifiable.">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((i) => (
          <li key={i.title} className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-800 p-5">
            <Icon name={i.icon} className="h-7 w-7 text-gold-300" />
            <h3 className="font-display text-lg font-semibold">{i.title}</h3>
            <p className="text-sm leading-relaxed text-slate-300">{i.text}</p>
          </li>
        ))}
      </ul>
    </PitchSection>
  );
}

/** 6. The growth engine: the incubator, its goals, the sponsor button and the ten ventures of the first cohort. */
export function GrowthEngine() {
  const { ventures } = useSiteSettings();
  return (
    <PitchSection id="growth" eyebrow="Growth Engine" title={PROGRAM.name} intro={`Our incubator turns participants into founders, and founders into the first businesses of the ecosystem.`}>
      <div className="grid gap-8 lg:grid-cols-[1fr_1.3fr]">
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-4">
            <div className="flex flex-col rounded-xl bg-ink-900 p-5 text-white">
              <dt className="text-sm text-slate-300">Individuals per cohort</dt>
              <dd className="order-first font-display text-4xl font-semibold text-gold-300">{PROGRAM.cohortCap}</dd>
            </div>
            <div className="flex flex-col rounded-xl bg-ink-900 p-5 text-white">
              <dt className="text-sm text-slate-300">Cohorts per quarter</dt>
              <dd className="order-first font-display text-4xl font-semibold text-gold-300">50</dd>
            </div>
          </dl>
          <p className="leading-relaxed text-slate-700">Sponsor an 11th or 12th grader and put a future founder in the room.</p>
          <SponsorButton size="lg" className="self-start" />
        </div>
        {ventures.length > 0 && (
          <div>
            <h3 className="font-display text-xl font-semibold text-ink-900">Ventures from the first cohort</h3>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="ventures">
              {ventures.map((v) => (
                <li key={v.name}>
                  {v.href ? (
                    <a href={v.href} target="_blank" rel="noopener noreferrer" className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-semibold text-ink-900 hover:border-gold-500">
                      {v.name}
                      <NewTab />
                    </a>
                  ) : (
                    <span className="flex items-center rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-semibold text-ink-900">{v.name}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </PitchSection>
  );
}

/** 10. Closing: invest, and the community link. */
export function PitchClosing() {
  const { communityInviteUrl } = useSiteSettings();
  return (
    <section aria-labelledby="closing-title" className="bg-ink-950 text-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6">
        <h2 id="closing-title" className="font-display text-4xl font-semibold">Build the Trust Economy With Us</h2>
        <p className="text-lg text-slate-200">Pre-launch ADX tokens are available to signed-in investors today.</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/investment-portal" className={buttonClasses({ size: 'lg' })}>
            Invest Now
          </Link>
          {communityInviteUrl && (
            <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'lg', className: ON_DARK_OUTLINE })}>
              Join the Community
              <NewTab />
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
