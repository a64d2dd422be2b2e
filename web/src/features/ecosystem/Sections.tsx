import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { BENEFITS, ECOSYSTEM_TEXT, PARTNERS } from './content';

const ICONS: Record<(typeof BENEFITS)[number]['icon'], ReactNode> = {
  service: <path d="M7 11v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3Zm0 0 4-8a3 3 0 0 1 3 3v3h5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7" />,
  community: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14.5A6.5 6.5 0 0 1 21.5 20" />
    </>
  ),
  model: <path d="M3 20h18M6 16v-4m5 4V8m5 8v-6m4 6V5" />,
  technology: (
    <>
      <rect x="7" y="7" width="10" height="10" rx="1.5" />
      <path d="M10 3v4m4-4v4m-4 10v4m4-4v4M3 10h4m-4 4h4m10-4h4m-4 4h4" />
    </>
  ),
};

/** A page section with its anchor id, heading and intro. */
export function Section({ id, title, intro, children, tone = 'paper' }: { id: string; title: string; intro: string; children: ReactNode; tone?: 'paper' | 'white' }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tone === 'white' ? 'border-y border-slate-200 bg-white' : ''}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id={`${id}-title`} className="font-display text-3xl font-semibold text-ink-900 sm:text-4xl">
          {title}
        </h2>
        <div className="mt-3 h-1 w-16 rounded bg-gold-500" aria-hidden="true" />
        <p className="mt-4 max-w-2xl leading-relaxed text-slate-700">{intro}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The four benefit cards of join-ecosystem. */
export function BenefitCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="What we look for">
      {BENEFITS.map((b) => (
        <li key={b.title}>
          <Card className="h-full">
            <CardHeader>
              <span className="mb-2 flex h-11 w-11 items-center justify-center rounded-lg bg-ink-900 text-gold-400" aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
                  {ICONS[b.icon]}
                </svg>
              </span>
              <CardTitle as="h3" className="text-lg">
                {b.title}
              </CardTitle>
              <CardDescription>{b.description}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** 'Shop & Experience with ADX': the placeholder partners, their visit buttons disabled until partners join. */
export function PartnerBusinesses() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="Partner businesses">
      {PARTNERS.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full flex-col" data-testid="partner-card">
            <div className="flex h-28 items-center justify-center rounded-t-xl bg-gradient-to-br from-ink-800 to-ink-950 text-gold-400" aria-hidden="true">
              <span className="font-display text-3xl font-semibold tracking-wide">ADX</span>
            </div>
            <CardHeader>
              <Badge variant="gold" className="self-start">
                {p.category}
              </Badge>
              <CardTitle as="h3" className="text-lg">
                {p.name}
              </CardTitle>
              <CardDescription>{p.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="flex flex-col gap-2 text-sm text-slate-700">
                {p.highlights.map((h) => (
                  <li key={h} className="flex items-start gap-2">
                    <svg viewBox="0 0 16 16" className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" fill="none" stroke="currentColor" strokeWidth="2.25" aria-hidden="true">
                      <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    {h}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button variant="outline" disabled={p.isPlaceholder} className="w-full" title={ECOSYSTEM_TEXT.visitSoon}>
                {ECOSYSTEM_TEXT.visit}
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
