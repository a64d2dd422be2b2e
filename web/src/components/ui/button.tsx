import { Slot, Slottable } from '@radix-ui/react-slot';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

const BASE =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 ' +
  'motion-reduce:transition-none [&_svg]:shrink-0';

/** Disabled looks dimmed; a loading button keeps its colour (it is busy, not unavailable). */
const DIMMED = 'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
const BUSY = 'cursor-progress';

const VARIANTS = {
  /** Gold call to action (ink text on gold, 7.9:1). */
  primary: 'bg-gold-500 text-ink-950 shadow-sm hover:bg-gold-400 active:bg-gold-600 disabled:hover:bg-gold-500',
  /** Navy, the everyday strong action. */
  secondary: 'bg-ink-900 text-white shadow-sm hover:bg-ink-800 active:bg-ink-950 disabled:hover:bg-ink-900',
  /** White with a navy border, for secondary actions on paper or white. */
  outline: 'border border-ink-900/30 bg-white text-ink-900 hover:border-ink-900/50 hover:bg-slate-50 disabled:hover:bg-white',
  /** No chrome until hovered: toolbars, card actions. */
  ghost: 'text-ink-900 hover:bg-ink-900/5 active:bg-ink-900/10 disabled:hover:bg-transparent',
  /** Red, for deleting or cancelling something for good (white on red-700, 6.4:1). */
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900 disabled:hover:bg-red-700',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

/** Button looks: primary (gold), secondary (navy), outline, ghost, destructive (red). */
export type ButtonVariant = keyof typeof VARIANTS;
/** Button heights: sm 32 px, md 40 px, lg 48 px. */
export type ButtonSize = keyof typeof SIZES;

/** The classes of a button, for an element that cannot use {@link Button} itself. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  loading = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; loading?: boolean; className?: string } = {}): string {
  return cn(BASE, loading ? BUSY : DIMMED, VARIANTS[variant], SIZES[size], className);
}

/** Props of {@link Button}. */
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router `<Link>`) with the button's look and props instead of a `<button>`. */
  asChild?: boolean;
  /** Shows a spinner, sets `aria-busy` and disables the button until it is false again. */
  loading?: boolean;
}

/**
 * A button: `type="button"` unless told otherwise (so it never submits a form by accident); `loading` disables it and
 * shows a spinner. With `asChild` a disabled/loading link gets `aria-disabled`, leaves the tab order and ignores clicks.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  disabled,
  className,
  children,
  type,
  onClick,
  ...props
}: ButtonProps) {
  const inactive = Boolean(disabled) || loading;
  const classes = buttonClasses({ variant, size, loading, className });
  const spinner = loading ? <Spinner decorative size="sm" /> : null;

  if (asChild) {
    const block = (e: MouseEvent<HTMLButtonElement>) => {
      e.preventDefault();
      e.stopPropagation();
    };
    return (
      <Slot
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={inactive || undefined}
        tabIndex={inactive ? -1 : undefined}
        onClick={inactive ? block : onClick}
        {...(props as ComponentProps<typeof Slot>)}
      >
        {spinner}
        <Slottable>{children}</Slottable>
      </Slot>
    );
  }

  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={inactive}
      aria-busy={loading || undefined}
      onClick={onClick}
      {...props}
    >
      {spinner}
      {children}
    </button>
  );
}
