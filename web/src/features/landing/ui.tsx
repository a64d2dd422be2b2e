import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A section's eyebrow, title and intro, centred or left-aligned, on a light or a navy background. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  id,
  dark = false,
  align = 'center',
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  id?: string;
  dark?: boolean;
  align?: 'center' | 'left';
}) {
  return (
    <div className={cn('flex max-w-3xl flex-col gap-3', align === 'center' && 'mx-auto items-center text-center')}>
      {eyebrow && <p className={cn('text-xs font-semibold uppercase tracking-[0.25em]', dark ? 'text-gold-300' : 'text-gold-800')}>{eyebrow}</p>}
      <h2 id={id} className={cn('font-display text-3xl font-semibold leading-tight sm:text-4xl', dark ? 'text-white' : 'text-ink-900')}>
        {title}
      </h2>
      <div aria-hidden="true" className="h-1 w-16 rounded bg-gold-500" />
      {children && <div className={cn('text-base leading-relaxed sm:text-lg', dark ? 'text-slate-200' : 'text-slate-700')}>{children}</div>}
    </div>
  );
}

/** Outline icons (24 px grid, currentColor), decorative. */
const ICONS = {
  shield: 'M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Zm0 16a2 2 0 0 1 2-2h13v2',
  check: 'M9 12l2 2 4-4m6 2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  lock: 'M6 11h12v10H6V11Zm2 0V8a4 4 0 1 1 8 0v3m-4 4v2',
  cap: 'M3 9l9-5 9 5-9 5-9-5Zm4 2.5V16c0 1.5 2.2 3 5 3s5-1.5 5-3v-4.5M21 9v5',
  media: 'M4 5h16v11H4V5Zm5 14h6m-3-3v3m-2-10 4 2.5-4 2.5v-5Z',
  coins: 'M12 7c4 0 7-1.1 7-2.5S16 2 12 2 5 3.1 5 4.5 8 7 12 7Zm7-2.5v5C19 10.9 16 12 12 12s-7-1.1-7-2.5v-5m14 5v5c0 1.4-3 2.5-7 2.5s-7-1.1-7-2.5v-5',
  columns: 'M3 21h18M4 10h16M12 3l8 4H4l8-4Zm-6 7v8m4-8v8m4-8v8m4-8v8',
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1v-9Z',
  spark: 'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6',
  flame: 'M12 21c-3.9 0-7-2.8-7-6.5 0-3.4 2.5-5.4 4-7.5.3 1.8 1.2 3 2.5 3.5C11 7 12.5 4.5 15 3c-.3 2.7.7 4.4 2 6 1.2 1.5 2 3.2 2 5.5 0 3.7-3.1 6.5-7 6.5Z',
  users: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m18 0v-1a4 4 0 0 0-3-3.9M14 3.1a4 4 0 0 1 0 7.8M13.5 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  calendar: 'M5 5h14v15H5V5Zm0 5h14M9 3v4m6-4v4',
  clock: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  target: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-4a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-4a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z',
  external: 'M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
} as const;

/** The name of one icon. */
export type IconName = keyof typeof ICONS;

/** A decorative outline icon. */
export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}

/** An icon in a gold-ringed navy tile. */
export function IconTile({ name, className }: { name: IconName; className?: string }) {
  return (
    <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-ink-900 text-gold-300 ring-1 ring-gold-500/40', className)}>
      <Icon name={name} />
    </span>
  );
}

/** An external link's "opens in a new tab" note for screen readers, with a small arrow. */
export function NewTab() {
  return (
    <>
      <Icon name="external" className="h-4 w-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </>
  );
}
