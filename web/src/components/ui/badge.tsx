import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  gray: { badge: 'bg-slate-100 text-slate-700 ring-slate-500/25', dot: 'bg-slate-500' },
  blue: { badge: 'bg-blue-50 text-blue-800 ring-blue-700/25', dot: 'bg-blue-600' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-700/25', dot: 'bg-red-600' },
  green: { badge: 'bg-green-50 text-green-800 ring-green-700/25', dot: 'bg-green-600' },
  gold: { badge: 'bg-gold-50 text-gold-800 ring-gold-600/35', dot: 'bg-gold-500' },
  navy: { badge: 'bg-ink-900 text-white ring-ink-900', dot: 'bg-gold-400' },
} as const;

/**
 * Badge colours (all ≥ 6:1 text contrast). Speaker-session statuses: scheduled → blue, live → red,
 * completed → green, cancelled → gray.
 */
export type BadgeVariant = keyof typeof VARIANTS;

/** Props of {@link Badge}. */
export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
  /** A leading coloured dot; `'pulse'` animates it (e.g. a live session), except for reduced-motion users. */
  dot?: boolean | 'pulse';
}

/** A small pill label for a status or category; the text carries the meaning, the colour only reinforces it. */
export function Badge({ variant = 'gray', dot = false, className, children, ...props }: BadgeProps) {
  const v = VARIANTS[variant];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        v.badge,
        className,
      )}
      {...props}
    >
      {dot && (
        <span aria-hidden="true" className="relative flex h-1.5 w-1.5">
          {dot === 'pulse' && <span className={cn('absolute inset-0 animate-ping rounded-full opacity-75 motion-reduce:hidden', v.dot)} />}
          <span className={cn('relative h-1.5 w-1.5 rounded-full', v.dot)} />
        </span>
      )}
      {children}
    </span>
  );
}
