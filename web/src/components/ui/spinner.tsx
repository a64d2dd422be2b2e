import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-9 w-9' } as const;

/** Spinner sizes: sm 16 px (inside buttons), md 24 px, lg 36 px. */
type SpinnerSize = keyof typeof SIZES;

/** Props of {@link Spinner}. */
export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** Text announced to screen readers (visually hidden). Default 'Loading…'. */
  label?: string;
  size?: SpinnerSize;
  /** Purely visual: no status role and no label, for a spinner inside a control that announces its own state. */
  decorative?: boolean;
}

/** A spinning ring; a polite `role="status"` with a visually hidden label unless `decorative`. Colour follows `currentColor`. */
export function Spinner({ label = 'Loading…', size = 'md', decorative = false, className, ...props }: SpinnerProps) {
  const ring = (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cn('shrink-0 animate-spin', SIZES[size])}>
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) {
    return (
      <span aria-hidden="true" className={cn('inline-flex', className)} {...props}>
        {ring}
      </span>
    );
  }
  return (
    <span role="status" className={cn('inline-flex items-center', className)} {...props}>
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
