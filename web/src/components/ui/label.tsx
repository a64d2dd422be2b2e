import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A form label (native `<label>`: point `htmlFor` at the control, or wrap it); dims next to a disabled peer. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-semibold text-ink-900 peer-disabled:cursor-not-allowed peer-disabled:opacity-60', className)}
      {...props}
    />
  );
}
