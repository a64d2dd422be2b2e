import { useEffect, useRef, useSyncExternalStore, type FocusEvent } from 'react';
import { cn } from '../../lib/cn';
import { toastStore, type ToastItem, type ToastStore, type ToastVariant } from './toast-store';

/** The toast API and its store, re-exported so the kit has one entry point for toasts. */
export { toast, toastStore, createToastStore } from './toast-store';
export type { ToastItem, ToastOptions, ToastStore, ToastStoreOptions, ToastVariant } from './toast-store';

const LOOK: Record<ToastVariant, { accent: string; icon: string; path: string }> = {
  default: {
    accent: 'border-l-gold-500',
    icon: 'text-ink-700',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.25a.75.75 0 1 1 1.5 0 .75.75 0 0 1-1.5 0ZM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z',
  },
  success: {
    accent: 'border-l-green-600',
    icon: 'text-green-700',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.21Z',
  },
  destructive: {
    accent: 'border-l-red-600',
    icon: 'text-red-700',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-13a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
};

/** Props of {@link Toaster}. */
export interface ToasterProps {
  /** The store to show (default: the app's shared one that `toast()` writes to). */
  store?: ToastStore;
  /** Accessible name of the notifications region. Default 'Notifications'. */
  label?: string;
  /** Accessible name of each toast's × button. Default 'Dismiss notification'. */
  dismissLabel?: string;
}

function ToastCard({ item, dismissLabel, onDismiss }: { item: ToastItem; dismissLabel: string; onDismiss: () => void }) {
  const look = LOOK[item.variant];
  return (
    <li
      data-variant={item.variant}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 text-ink-900 shadow-lg shadow-ink-950/15',
        'transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none',
        look.accent,
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', look.icon)}>
        <path fillRule="evenodd" clipRule="evenodd" d={look.path} />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug">{item.title}</p>
        {item.description && <p className="mt-1 text-sm leading-relaxed text-slate-700">{item.description}</p>}
      </div>
      <button
        type="button"
        aria-label={dismissLabel}
        onClick={onDismiss}
        className="-m-1.5 shrink-0 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="m6 6 12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * Renders the toasts of `toast()`: mount once near the root. Stacked bottom-right (full width at the bottom of a
 * phone), newest last; each closes after its duration, the clocks pausing while the pointer or focus is on them or
 * the page is hidden. Screen readers hear each one through a live region (assertive for destructive ones).
 */
export function Toaster({ store = toastStore, label = 'Notifications', dismissLabel = 'Dismiss notification' }: ToasterProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const hold = useRef({ hover: false, focus: false, hidden: false });

  const sync = () => {
    const h = hold.current;
    if (h.hover || h.focus || h.hidden) store.pause();
    else store.resume();
  };
  const syncRef = useRef(sync);
  useEffect(() => {
    syncRef.current = sync;
  });

  useEffect(() => {
    const onVisibility = () => {
      hold.current.hidden = document.visibilityState === 'hidden';
      syncRef.current();
    };
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const empty = toasts.length === 0;
  useEffect(() => {
    // The last toast going away under the pointer or with focus in it may not fire mouseleave/blur.
    if (empty) {
      hold.current.hover = false;
      hold.current.focus = false;
      syncRef.current();
    }
  }, [empty]);

  const onBlur = (e: FocusEvent<HTMLOListElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
      hold.current.focus = false;
      sync();
    }
  };

  return (
    <>
      <div aria-live="polite" aria-atomic="false" className="sr-only">
        {toasts
          .filter((t) => t.variant !== 'destructive')
          .map((t) => (
            <p key={t.id}>{t.description ? `${t.title}. ${t.description}` : t.title}</p>
          ))}
      </div>
      <div aria-live="assertive" aria-atomic="false" className="sr-only">
        {toasts
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <p key={t.id}>{t.description ? `${t.title}. ${t.description}` : t.title}</p>
          ))}
      </div>
      {!empty && (
        <section aria-label={label} className="pointer-events-none fixed inset-x-3 bottom-3 z-[60] sm:inset-x-auto sm:bottom-6 sm:right-6 sm:w-96">
          <ol
            className="flex flex-col gap-2"
            // A click on a toast must not count as a click outside an open dialog or menu (which would close it).
            onPointerDown={(e) => e.stopPropagation()}
            onPointerEnter={(e) => {
              if (e.pointerType !== 'mouse') return; // a tap would never "leave"
              hold.current.hover = true;
              sync();
            }}
            onPointerLeave={(e) => {
              if (e.pointerType !== 'mouse') return;
              hold.current.hover = false;
              sync();
            }}
            onFocus={() => {
              hold.current.focus = true;
              sync();
            }}
            onBlur={onBlur}
          >
            {toasts.map((t) => (
              <ToastCard
                key={t.id}
                item={t}
                dismissLabel={dismissLabel}
                onDismiss={() => {
                  hold.current.focus = false;
                  store.dismiss(t.id);
                  sync();
                }}
              />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
