import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A white surface with a hairline border and a soft shadow, for content on the paper background; shrinks in grids (`min-w-0`). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-w-0 rounded-xl border border-slate-200 bg-white text-ink-900 shadow-sm', className)} {...props} />;
}

/** The card's top block: title, description and optional actions. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}

/** Props of {@link CardTitle}. */
export interface CardTitleProps extends ComponentProps<'h3'> {
  /** The heading level that fits the page outline (default h3). */
  as?: 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

/** The card's heading, in the display serif; pick the level with `as` so the page outline stays right. */
export function CardTitle({ as: Heading = 'h3', className, ...props }: CardTitleProps) {
  return <Heading className={cn('font-display text-xl font-semibold leading-snug text-ink-900', className)} {...props} />;
}

/** A muted line under the card title. */
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm leading-relaxed text-slate-600', className)} {...props} />;
}

/** The card's body; follows a CardHeader without doubling the padding. */
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 first:pt-5 sm:px-6 sm:pb-6 sm:first:pt-6', className)} {...props} />;
}

/** The card's bottom row of actions, separated by a rule; wraps on narrow screens. */
export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-wrap items-center gap-3 border-t border-slate-200 px-5 py-4 sm:px-6', className)}
      {...props}
    />
  );
}
