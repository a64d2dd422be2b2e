/**
 * The toast queue: a framework-free store (add, dismiss, timers, pause/resume) that `toast()` writes to from anywhere
 * and the <Toaster/> reads with useSyncExternalStore. Kept free of React and the DOM so it is unit-testable.
 */

/** Toast looks: neutral (gold accent), success (green), destructive (red, announced assertively). */
export type ToastVariant = 'default' | 'success' | 'destructive';

/** What `toast()` takes. */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; `Infinity` (or ≤ 0) keeps it until dismissed. Default: the store's (5 s). */
  duration?: number;
  /** Reuse an id to replace that toast in place (e.g. 'Saving…' → 'Saved'), restarting its timer. */
  id?: string;
}

/** One toast as the Toaster renders it. */
export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

/** The store's interface (see {@link createToastStore}). */
export interface ToastStore {
  /** Shows a toast (or replaces the one with the same `id`) and returns its id. */
  add(options: ToastOptions): string;
  /** Removes one toast, or all of them without an id. */
  dismiss(id?: string): void;
  /** Stops every auto-dismiss clock (pointer over or focus in the toasts, page hidden). */
  pause(): void;
  /** Restarts the clocks with the time each toast had left. */
  resume(): void;
  /** The current toasts, oldest first; a new array after every change. */
  getSnapshot(): readonly ToastItem[];
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Options of {@link createToastStore}. */
export interface ToastStoreOptions {
  /** Default auto-dismiss delay in ms (5000). */
  duration?: number;
  /** At most this many toasts at once; adding another drops the oldest (5). */
  limit?: number;
}

interface Clock {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Creates an independent toast store (the app uses the shared {@link toastStore}; tests make their own). */
export function createToastStore({ duration: defaultDuration = 5000, limit = 5 }: ToastStoreOptions = {}): ToastStore {
  let toasts: readonly ToastItem[] = [];
  const clocks = new Map<string, Clock>();
  const listeners = new Set<() => void>();
  let paused = false;
  let seq = 0;

  const emit = () => {
    for (const l of listeners) l();
  };

  const start = (id: string, clock: Clock) => {
    clock.startedAt = Date.now();
    clock.timer = setTimeout(() => dismiss(id), clock.remaining);
  };

  const stop = (clock: Clock) => {
    if (clock.timer === undefined) return;
    clearTimeout(clock.timer);
    clock.timer = undefined;
    clock.remaining = Math.max(0, clock.remaining - (Date.now() - clock.startedAt));
  };

  const clear = (id: string) => {
    const clock = clocks.get(id);
    if (clock?.timer !== undefined) clearTimeout(clock.timer);
    clocks.delete(id);
  };

  function dismiss(id?: string) {
    if (id === undefined) {
      if (toasts.length === 0) return;
      for (const key of clocks.keys()) clear(key);
      toasts = [];
      emit();
      return;
    }
    if (!toasts.some((t) => t.id === id)) return;
    clear(id);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function add({ title, description, variant = 'default', duration = defaultDuration, id }: ToastOptions): string {
    const key = id ?? `toast-${++seq}`;
    const item: ToastItem = { id: key, title, description, variant, duration };
    clear(key);
    if (toasts.some((t) => t.id === key)) {
      toasts = toasts.map((t) => (t.id === key ? item : t));
    } else {
      toasts = [...toasts, item];
      while (toasts.length > Math.max(1, limit)) {
        const oldest = toasts[0];
        if (!oldest) break;
        clear(oldest.id);
        toasts = toasts.slice(1);
      }
    }
    if (Number.isFinite(duration) && duration > 0) {
      const clock: Clock = { remaining: duration, startedAt: 0, timer: undefined };
      clocks.set(key, clock);
      if (!paused) start(key, clock);
    }
    emit();
    return key;
  }

  return {
    add,
    dismiss,
    pause() {
      if (paused) return;
      paused = true;
      for (const clock of clocks.values()) stop(clock);
    },
    resume() {
      if (!paused) return;
      paused = false;
      for (const [key, clock] of clocks) start(key, clock);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one toast store, read by the <Toaster/> mounted in main.tsx. */
export const toastStore: ToastStore = createToastStore();

/**
 * Shows a toast from anywhere (event handlers, mutation callbacks, plain modules): `toast({ title, description,
 * variant })` returns its id; `toast.dismiss(id?)` closes one or all. Needs <Toaster/> mounted once.
 */
export const toast = Object.assign((options: ToastOptions): string => toastStore.add(options), {
  dismiss: (id?: string): void => toastStore.dismiss(id),
});
