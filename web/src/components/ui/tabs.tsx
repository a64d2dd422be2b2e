import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Tabs root (`value`/`defaultValue`, `onValueChange`); arrow keys move between tabs (Radix roving focus). */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

/**
 * The row of tabs, underlined; full width, it scrolls sideways on a narrow screen instead of wrapping or widening
 * its container (`contain: inline-size`). Give it an `aria-label`.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex w-full gap-1 overflow-x-auto border-b border-slate-200 [contain:inline-size] [scrollbar-width:thin]', className)}
      {...props}
    />
  );
}

/** One tab; the selected one is navy with a gold underline. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-slate-600 transition-colors',
        'hover:border-slate-300 hover:text-ink-900',
        'data-[state=active]:border-gold-600 data-[state=active]:text-ink-900',
        'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600',
        'disabled:cursor-not-allowed disabled:opacity-50 motion-reduce:transition-none',
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab; focusable so keyboard users can reach a panel without focusable content. */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600', className)}
      {...props}
    />
  );
}
