import { QrCode } from '../site/QrCode';
import type { TSiteSettings } from '@app/common/schemas/site';
import { useSiteSettings } from '../site/site-data';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { IconTile, NewTab, SectionHeading, type IconName } from './ui';

interface Promo {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  /** The site setting with the app's address (unset: no button and no QR code). */
  setting: 'businessCanvasUrl' | 'tenthPercentileUrl';
  button: string;
  cards: Array<{ title: string; icon: IconName; text: string }>;
}

const PROMOS: Promo[] = [
  {
    id: 'business-canvas',
    eyebrow: 'Plan It',
    title: 'The Business Canvas App',
    text: 'Map your whole business on one page: customers, value, channels, costs and revenue. Scan the code to open it on your phone.',
    setting: 'businessCanvasUrl',
    button: 'Open the Canvas App',
    cards: [
      { title: 'Idea Validation', icon: 'target', text: 'Test assumptions with real customers before you build.' },
      { title: 'Revenue Modeling', icon: 'chart', text: 'See how price, volume and costs turn into profit.' },
    ],
  },
  {
    id: 'motivational-app',
    eyebrow: 'Live It',
    title: 'The 10th Percentile',
    text: 'A daily companion for people who refuse to be average: set the goal, track the work, and join the top ten percent.',
    setting: 'tenthPercentileUrl',
    button: 'Get The 10th Percentile',
    cards: [
      { title: 'Goal Setting', icon: 'star', text: 'Turn big ambitions into weekly, measurable steps.' },
      { title: 'Progress Tracking', icon: 'check', text: 'Streaks and milestones that keep you moving.' },
    ],
  },
];

/** The business canvas (#business-canvas) and The 10th Percentile (#motivational-app) promos with their QR codes. */
export function AppPromos() {
  const settings: TSiteSettings = useSiteSettings();
  return (
    <div className="bg-white">
      {PROMOS.map((p) => ({ ...p, url: settings[p.setting] })).map((p, i) => (
        <section key={p.id} id={p.id} aria-labelledby={`${p.id}-title`} className={cn(i > 0 && 'border-t border-slate-200')}>
          <div className={cn('mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 md:grid-cols-[1fr_16rem]', i % 2 === 1 && 'md:grid-cols-[16rem_1fr]')}>
            <div className={cn('flex flex-col gap-6', i % 2 === 1 && 'md:order-2')}>
              <SectionHeading id={`${p.id}-title`} eyebrow={p.eyebrow} title={p.title} align="left">
                {p.text}
              </SectionHeading>
              <ul className="grid gap-4 sm:grid-cols-2">
                {p.cards.map((c) => (
                  <li key={c.title} className="flex gap-4 rounded-xl border border-slate-200 bg-paper p-5">
                    <IconTile name={c.icon} className="h-10 w-10" />
                    <div>
                      <h3 className="font-semibold text-ink-900">{c.title}</h3>
                      <p className="mt-1 text-sm leading-relaxed text-slate-700">{c.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              {p.url && (
                <a href={p.url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'self-start' })}>
                  {p.button}
                  <NewTab />
                </a>
              )}
            </div>
            {p.url ? (
              <figure className="mx-auto flex w-48 flex-col items-center gap-3 sm:w-56 md:w-full">
                <QrCode url={p.url} label={`QR code for ${p.title}: ${p.url}`} className="w-full" />
                <figcaption className="text-center text-sm text-slate-600">Scan to open {p.title}</figcaption>
              </figure>
            ) : (
              <p className="mx-auto w-48 text-center text-sm text-slate-600 sm:w-56 md:w-full">Coming soon.</p>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
