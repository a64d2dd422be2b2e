import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type Props = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox (`checked`, `onCheckedChange`): a 20 px box, navy with a white tick when checked. A native
 * `<input type="checkbox">`, so a click on the prerendered page counts before the app has started (the page keeps it
 * and hands it to the app; web/src/lib/early-input.ts). Label it with a Label (`htmlFor`) or `aria-label`;
 * `className` places the box.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: Props) {
  return (
    <span className={cn('relative inline-flex h-5 w-5 shrink-0', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange?.(e.target.checked)}
        className={cn(
          'peer h-5 w-5 cursor-pointer appearance-none rounded border border-slate-500 bg-white shadow-xs transition-colors',
          'hover:border-ink-700 checked:border-ink-800 checked:bg-ink-800 aria-invalid:border-red-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
          'disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none',
        )}
        {...props}
      />
      <svg
        viewBox="0 0 16 16"
        className="pointer-events-none absolute inset-0 m-auto hidden h-3.5 w-3.5 text-white peer-checked:block"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        aria-hidden="true"
      >
        <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
