import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * An on/off switch (`role="switch"`; `checked`/`defaultChecked`, `onCheckedChange`): navy when on, slate when off, the
 * knob's position showing the state. Label it with a Label/Field (`htmlFor`) or `aria-label`.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors',
        'data-[state=checked]:bg-ink-800 hover:bg-slate-600 data-[state=checked]:hover:bg-ink-700',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
        'disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block h-5 w-5 rounded-full bg-white shadow-md ring-0 transition-transform',
          'data-[state=checked]:translate-x-5 data-[state=checked]:bg-gold-300 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
