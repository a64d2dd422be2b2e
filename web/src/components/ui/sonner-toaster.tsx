import { useEffect } from 'react';
import { Toaster as Sonner, toast as sonner, type ExternalToast } from 'sonner';
import { CloseIcon } from './close-icon';
import type { ToastOptions, ToastVariant } from './toast';

// Loaded with the first toast (see toast.tsx): sonner and these looks stay out of every page's first load.

const ICON_PATH: Record<ToastVariant, string> = {
  default:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.25a.75.75 0 1 1 1.5 0 .75.75 0 0 1-1.5 0ZM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z',
  success:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.21Z',
  destructive:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-13a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
};
const ICON_COLOUR: Record<ToastVariant, string> = { default: 'text-ink-700', success: 'text-green-700', destructive: 'text-red-700' };
// sonner's own types carry the look (data-type on each toast), so tests and styles can tell variants apart.
const SHOW = { default: sonner, success: sonner.success, destructive: sonner.error } as const;

/** Hands one toast to sonner (called by `toast()` once <SonnerToaster/> is mounted). */
export function show({ title, description, variant = 'default', duration, id }: ToastOptions & { id: string }): void {
  const options: ExternalToast = {
    description,
    id,
    duration: duration === undefined || (Number.isFinite(duration) && duration > 0) ? duration : Infinity,
    icon: (
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={`h-5 w-5 ${ICON_COLOUR[variant]}`}>
        <path fillRule="evenodd" clipRule="evenodd" d={ICON_PATH[variant]} />
      </svg>
    ),
  };
  SHOW[variant](title, options);
}

/**
 * sonner's toaster with our look. It stacks toasts bottom-right (full width at the bottom of a phone), pauses their
 * clocks while hovered or the page is hidden, and announces them politely. `onReady` runs once it listens.
 */
export default function SonnerToaster({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    // A click on a toast must not count as a click outside an open dialog or menu (which would close it).
    <div onPointerDown={(e) => e.stopPropagation()}>
      <Sonner
        position="bottom-right"
        expand
        visibleToasts={5}
        duration={5000}
        closeButton
        containerAriaLabel="Notifications"
        icons={{ close: <CloseIcon className="h-4 w-4" /> }}
        toastOptions={{
          unstyled: true,
          closeButtonAriaLabel: 'Dismiss notification',
          classNames: {
            toast:
              'pointer-events-auto flex w-[var(--width)] items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 pr-10 text-ink-900 shadow-lg shadow-ink-950/15',
            default: 'border-l-gold-500',
            success: 'border-l-green-600',
            error: 'border-l-red-600',
            icon: 'mt-0.5 shrink-0',
            content: 'min-w-0 flex-1',
            title: 'font-semibold leading-snug',
            description: 'mt-1 text-sm leading-relaxed text-slate-700',
            closeButton:
              'absolute right-3 top-3 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
          },
        }}
      />
    </div>
  );
}
