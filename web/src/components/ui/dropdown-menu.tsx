import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const POPOVER =
  'z-50 min-w-44 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-ink-900 shadow-lg shadow-ink-950/15 ' +
  'max-h-[var(--radix-dropdown-menu-content-available-height)] transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none';

const ITEM =
  'relative flex cursor-default select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none ' +
  'data-[highlighted]:bg-gold-100 data-[highlighted]:text-ink-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 ' +
  '[&_svg]:h-4 [&_svg]:w-4 [&_svg]:shrink-0';

/** A menu's state root (`open`, `onOpenChange`, `modal`). */
export const DropdownMenu = MenuPrimitive.Root;
/** The element that opens the menu; use `asChild` with a Button (give an icon-only one an `aria-label`). */
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/** The menu panel, portalled; keeps inside the screen and scrolls if taller than the space left. */
export function DropdownMenuContent({ className, sideOffset = 4, align = 'end', ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content sideOffset={sideOffset} align={align} collisionPadding={8} className={cn(POPOVER, className)} {...props} />
    </MenuPrimitive.Portal>
  );
}

/** Props of {@link DropdownMenuItem}. */
export interface DropdownMenuItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  /** Red text, for an action that deletes or cancels. */
  destructive?: boolean;
}

/** One action (`onSelect`); use `asChild` with a router Link for navigation. */
export function DropdownMenuItem({ className, destructive = false, ...props }: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(ITEM, destructive && 'text-red-700 data-[highlighted]:bg-red-100 data-[highlighted]:text-red-800', className)}
      {...props}
    />
  );
}

/** A heading inside the menu. */
export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-600', className)} {...props} />;
}

/** A rule between groups of items. */
export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}
