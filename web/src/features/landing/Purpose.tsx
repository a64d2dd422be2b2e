import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { Icon, IconTile, SectionHeading, type IconName } from './ui';

const PURPOSE: Array<{ title: string; icon: IconName; text: string }> = [
  { title: 'Trusted Goods', icon: 'shield', text: 'Products you can stand behind: sourced honestly, priced fairly and traded on a record anyone can verify.' },
  { title: 'Elite Services', icon: 'star', text: 'Mentors, coaches and professionals held to a standard of excellence, serving the community that raised them.' },
  { title: 'Sacred Information', icon: 'book', text: 'Knowledge treated as a trust: accurate, protected and shared to lift families and businesses for generations.' },
];

const FEATURES: Array<{ title: string; icon: IconName; text: string }> = [
  {
    title: 'Verified Transactions',
    icon: 'check',
    text: 'Every ADX token purchase is recorded on a public, read-only ledger, so investors and donors can check their records for themselves.',
  },
  {
    title: 'Intelligent Security',
    icon: 'lock',
    text: 'Server-side sessions, rate limits and an audit trail protect every account, with privacy settings each member controls.',
  },
];

/** The highlighted feature alternates every 4 seconds (spec §9). */
const FEATURE_ROTATION_MS = 4000;

/** Purpose: the three cards Trusted Goods, Elite Services, Sacred Information ('Join the Movement' lands here). */
export function Purpose() {
  return (
    <section id="about" aria-labelledby="purpose-title" className="bg-paper">
      <div id="purpose" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="purpose-title" eyebrow="Our Purpose" title="Built on Trust, Made to Last">
          Three commitments guide everything we build, teach and fund.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PURPOSE.map((p) => (
            <li key={p.title} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconTile name={p.icon} />
              <h3 className="font-display text-xl font-semibold text-ink-900">{p.title}</h3>
              <p className="leading-relaxed text-slate-700">{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * Features: Verified Transactions and Intelligent Security; the highlighted card alternates every 4 s. Only colours
 * change (both cards keep their size and the badge's space), so the rotation never shifts the layout.
 */
export function Features() {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setActive((i) => (i + 1) % FEATURES.length), FEATURE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby="features-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="features-title" eyebrow="Why Trust Us" title="Trust You Can Verify">
          Transparency is not a promise here; it is how the platform works.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {FEATURES.map((f, i) => {
            const on = i === active;
            return (
              <li
                key={f.title}
                data-testid="feature-card"
                data-highlighted={on}
                className={cn(
                  'flex gap-5 rounded-xl border-2 p-6 transition-colors duration-500 motion-reduce:transition-none',
                  on ? 'border-gold-500 bg-ink-900 text-white shadow-lg shadow-ink-950/20' : 'border-slate-200 bg-paper text-ink-900',
                )}
              >
                <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-xl transition-colors duration-500 motion-reduce:transition-none', on ? 'bg-gold-500 text-ink-950' : 'bg-ink-900 text-gold-300')}>
                  <Icon name={f.icon} />
                </span>
                <div className="flex flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-display text-xl font-semibold">{f.title}</h3>
                    <span className={cn('rounded-full bg-gold-500 px-2 py-0.5 text-xs font-semibold text-ink-950', !on && 'invisible')} aria-hidden={!on}>
                      Featured
                    </span>
                  </div>
                  <p className={cn('leading-relaxed transition-colors duration-500 motion-reduce:transition-none', on ? 'text-slate-200' : 'text-slate-700')}>{f.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
