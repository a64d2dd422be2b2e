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

function Tick() {
  return (
    <svg viewBox="0 0 16 16" className="text-gold-700" fill="none" stroke="currentColor" strokeWidth="2.25" aria-hidden="true">
      <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A menu's state root (`open`, `onOpenChange`, `modal`). */
export const DropdownMenu = MenuPrimitive.Root;
/** The element that opens the menu; use `asChild` with a Button (give an icon-only one an `aria-label`). */
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
/** Groups related items. */
export const DropdownMenuGroup = MenuPrimitive.Group;
/** Groups radio items (`value`, `onValueChange`). */
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;
/** A submenu's state root. */
export const DropdownMenuSub = MenuPrimitive.Sub;

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

/** An item that toggles (`checked`, `onCheckedChange`), with a gold tick when on. */
export function DropdownMenuCheckboxItem({ className, children, ...props }: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem className={cn(ITEM, 'pl-8', className)} {...props}>
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Tick />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

/** One choice of a DropdownMenuRadioGroup, with a gold dot when chosen. */
export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={cn(ITEM, 'pl-8', className)} {...props}>
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <span className="block h-2 w-2 rounded-full bg-gold-600" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.RadioItem>
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

/** The item that opens a submenu, with a chevron. */
export function DropdownMenuSubTrigger({ className, children, ...props }: ComponentProps<typeof MenuPrimitive.SubTrigger>) {
  return (
    <MenuPrimitive.SubTrigger className={cn(ITEM, 'data-[state=open]:bg-gold-100', className)} {...props}>
      {children}
      <svg viewBox="0 0 20 20" className="ml-auto text-slate-600" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
        <path d="m7.5 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </MenuPrimitive.SubTrigger>
  );
}

/** A submenu's panel. */
export function DropdownMenuSubContent({ className, ...props }: ComponentProps<typeof MenuPrimitive.SubContent>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.SubContent collisionPadding={8} className={cn(POPOVER, className)} {...props} />
    </MenuPrimitive.Portal>
  );
}
