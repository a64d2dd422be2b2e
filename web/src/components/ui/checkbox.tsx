import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A checkbox (`checked`: true | false | 'indeterminate', `onCheckedChange`): a 20 px box, navy with a white tick when
 * checked, a dash when indeterminate. Label it with a Label (`htmlFor`) or `aria-label`.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer group inline-flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-500 bg-white text-white shadow-xs transition-colors',
        'hover:border-ink-700 data-[state=checked]:border-ink-800 data-[state=checked]:bg-ink-800 data-[state=indeterminate]:border-ink-800 data-[state=indeterminate]:bg-ink-800',
        'aria-invalid:border-red-700',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
        'disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center">
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5 group-data-[state=indeterminate]:hidden" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <svg viewBox="0 0 16 16" className="hidden h-3.5 w-3.5 group-data-[state=indeterminate]:block" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M4 8h8" strokeLinecap="round" />
        </svg>
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
