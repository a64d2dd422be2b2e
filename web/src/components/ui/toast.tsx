import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { show as sonnerShow } from './sonner-toaster';

/** Toast looks: neutral (gold accent), success (green), destructive (red). */
export type ToastVariant = 'default' | 'success' | 'destructive';

/** What `toast()` takes: the call sites' shape, kept when the hand-written store gave way to sonner. */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; `Infinity` (or ≤ 0) keeps it until dismissed. Default 5 s. */
  duration?: number;
  /** Reuse an id to replace that toast in place (e.g. 'Saving…' → 'Saved'), restarting its timer. */
  id?: string;
}

// sonner (and the toaster's looks) load with the first toast, not with the page: until then <Toaster/> renders
// nothing and `toast()` queues. Once the toaster is mounted and listening, the queue is shown in order.
const SonnerToaster = lazy(() => import('./sonner-toaster'));
type Show = typeof sonnerShow;

const pending: (ToastOptions & { id: string })[] = [];
let show: Show | null = null;
let wanted = false;
let nextId = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function onReady(): void {
  void import('./sonner-toaster').then((m) => {
    show = m.show;
    for (const t of pending.splice(0)) show(t);
  });
}

/**
 * Shows a toast from anywhere (event handlers, mutation callbacks, plain modules) and returns its id.
 * Needs <Toaster/> mounted once.
 */
export function toast(options: ToastOptions): string {
  const t = { ...options, id: options.id ?? `toast-${++nextId}` };
  if (show) {
    show(t);
    return t.id;
  }
  pending.push(t);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return t.id;
}

/** Renders the toasts of `toast()`: mount once near the root (nothing is loaded until the first toast). */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </Suspense>
  );
}
