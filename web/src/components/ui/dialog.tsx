import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { CloseIcon } from './close-icon';

/** A modal dialog's state root (`open`, `onOpenChange`, `defaultOpen`); focus is trapped and restored by Radix. */
export const Dialog = DialogPrimitive.Root;

/** Props of {@link DialogContent}. */
export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the top-right × button (then give the user another way to close). Default false. */
  hideClose?: boolean;
  /** Accessible name of the × button. Default 'Close'. */
  closeLabel?: string;
}

/**
 * The dialog panel, portalled over a dimmed navy overlay. The overlay is the scroll container, so a panel taller than
 * a phone's screen scrolls as a whole. Needs a DialogTitle (and a DialogDescription, or `aria-describedby={undefined}`).
 */
export function DialogContent({ className, children, hideClose = false, closeLabel = 'Close', ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        className={cn(
          'fixed inset-0 z-50 grid justify-items-center overflow-y-auto bg-ink-950/60 p-3 backdrop-blur-[2px] sm:p-6',
          'transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none',
        )}
      >
        <DialogPrimitive.Content
          className={cn(
            'relative my-auto w-full max-w-lg rounded-xl border border-gold-500/30 bg-white p-5 text-ink-900 shadow-2xl shadow-ink-950/30 sm:p-6',
            'transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none',
            'focus-visible:outline-none',
            className,
          )}
          {...props}
        >
          {children}
          {!hideClose && (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="absolute right-3 top-3 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
            >
              <CloseIcon />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Overlay>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's title + description block (leaves room for the × button). */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

/** The dialog's action row: stacked full-width on phones (primary on top), right-aligned from `sm` up. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** The dialog's accessible name, in the display serif. */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-display text-xl font-semibold leading-snug text-ink-900 sm:text-2xl', className)} {...props} />;
}

/** The dialog's accessible description. */
export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm leading-relaxed text-slate-600', className)} {...props} />;
}
