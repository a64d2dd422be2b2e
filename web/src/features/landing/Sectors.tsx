import { consultationUrl } from '@app/common/domain/outreach';
import { ConsultationButton } from '../forms/launchers';
import type { SectorKey } from '@app/common/schemas/site';
import { useSectorName, useSiteSettings } from '../site/site-data';
import { IconTile, NewTab, SectionHeading, type IconName } from './ui';

/** The seven sectors of transformation (spec §1), Education first, led by 'Learn to Earn'. */
const SECTORS: Array<{ key: SectorKey; icon: IconName; text: string }> = [
  { key: 'education', icon: 'cap', text: "Led by our 'Learn to Earn' approach: skills that pay, taught by people who have done the work." },
  { key: 'media', icon: 'media', text: 'Honest stories and factual, high-quality content that rewards truth over noise.' },
  { key: 'economy', icon: 'coins', text: 'Fair, open marketplaces and transparent transactions that keep wealth in the community.' },
  { key: 'government', icon: 'columns', text: 'Tools for transparent governance and civic engagement, from the block to city hall.' },
  { key: 'family', icon: 'home', text: 'Support for family well-being, secure communication and strong homes.' },
  { key: 'arts', icon: 'spark', text: 'Arts, entertainment and the moments that bring people together, with creators paid fairly.' },
  { key: 'religion', icon: 'flame', text: 'A place for spiritual communities to connect, serve and grow together.' },
];

/** The sectors (anchor #partnership): seven cards with Learn More (the scheduling page), and the consultation dialog. */
export function Sectors() {
  const { schedulingUrl } = useSiteSettings();
  const name = useSectorName();
  const learnMore = schedulingUrl ? consultationUrl(schedulingUrl) : null;
  return (
    <section id="partnership" aria-labelledby="sectors-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="sectors-title" eyebrow="Partnership" title="Seven Sectors of Transformation">
          Partner with us where you can make the greatest difference. Every sector needs builders, sponsors and leaders.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {SECTORS.map((s) => ({ ...s, name: name(s.key) })).map((s) => (
            <li key={s.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="sector-card">
              <IconTile name={s.icon} className="h-11 w-11" />
              <h3 className="font-display text-xl font-semibold text-ink-900">{s.name}</h3>
              <p className="flex-1 text-sm leading-relaxed text-slate-700">{s.text}</p>
              {learnMore && (
                <a href={learnMore} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-gold-800 hover:text-ink-900">
                  Learn More<span className="sr-only"> about {s.name}</span>
                  <NewTab />
                </a>
              )}
            </li>
          ))}
          <li className="flex flex-col justify-between gap-4 rounded-xl bg-ink-900 p-5 text-white shadow-sm">
            <div className="flex flex-col gap-2">
              <h3 className="font-display text-xl font-semibold">Find your sector</h3>
              <p className="text-sm leading-relaxed text-slate-200">Choose a sector and how much time you can give; we will meet for 30 minutes.</p>
            </div>
            <ConsultationButton className="self-start">Schedule a Consultation</ConsultationButton>
          </li>
        </ul>
      </div>
    </section>
  );
}
