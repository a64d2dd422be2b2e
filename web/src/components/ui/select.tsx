import * as SelectPrimitive from '@radix-ui/react-select';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASSES } from './input';

const POPOVER_CLASSES =
  'z-50 overflow-hidden rounded-lg border border-slate-200 bg-white text-ink-900 shadow-lg shadow-ink-950/15 ' +
  'transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none';

const ITEM_CLASSES =
  'relative flex cursor-default select-none items-center gap-2 rounded-md py-2 pl-8 pr-3 text-sm outline-none ' +
  'data-[highlighted]:bg-gold-100 data-[highlighted]:text-ink-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

function Chevron({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" className={cn('h-4 w-4 shrink-0', className)}>
      <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A select's state root (`value`/`defaultValue`, `onValueChange`, `name` for forms, `disabled`). */
export const Select = SelectPrimitive.Root;
/** Shows the selected option's text in the trigger (`placeholder` when none). */
export const SelectValue = SelectPrimitive.Value;

/** The closed select, styled like an Input with a chevron; give it an `id` (Field does) or an `aria-label`. */
export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        CONTROL_CLASSES,
        'flex h-10 items-center justify-between gap-2 px-3 text-left data-[placeholder]:text-slate-500 [&>span]:truncate',
        'data-[state=open]:border-gold-700 data-[state=open]:ring-3 data-[state=open]:ring-gold-500/40',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <Chevron className="text-slate-600" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * The option list, portalled and placed under the trigger at least as wide as it, never taller than the space
 * left on screen (scroll arrows appear when it overflows).
 */
export function SelectContent({ className, children, position = 'popper', sideOffset = 4, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        sideOffset={sideOffset}
        className={cn(
          POPOVER_CLASSES,
          'relative max-h-[min(24rem,var(--radix-select-content-available-height))]',
          position === 'popper' && 'min-w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1.5rem)]',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center text-slate-600">
          <Chevron className="rotate-180" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center text-slate-600">
          <Chevron />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

/** One option (`value` must be a non-empty string); the chosen one has a gold tick. */
export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item className={cn(ITEM_CLASSES, className)} {...props}>
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <svg viewBox="0 0 16 16" className="h-4 w-4 text-gold-700" fill="none" stroke="currentColor" strokeWidth="2.25" aria-hidden="true">
            <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
