import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, toast, toastStore } from '../../web/src/components/ui/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  toastStore.dismiss();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('adds toasts oldest first with defaults, and notifies subscribers with a new snapshot', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();

    const a = store.add({ title: 'Saved' });
    const b = store.add({ title: 'Failed', description: 'Try again.', variant: 'destructive' });

    expect(a).not.toBe(b);
    expect(store.getSnapshot()).toEqual([
      { id: a, title: 'Saved', description: undefined, variant: 'default', duration: 5000 },
      { id: b, title: 'Failed', description: 'Try again.', variant: 'destructive', duration: 5000 },
    ]);
    expect(store.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dismisses one toast by id, or all without an id', () => {
    const store = createToastStore();
    const a = store.add({ title: 'A' });
    const b = store.add({ title: 'B' });
    store.add({ title: 'C' });

    store.dismiss(b);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['A', 'C']);
    store.dismiss('no-such-id');
    expect(store.getSnapshot()).toHaveLength(2);
    store.dismiss(a);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['C']);
    store.dismiss();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('auto-dismisses each toast after its duration (5 s by default)', () => {
    const store = createToastStore();
    store.add({ title: 'Default' });
    vi.advanceTimersByTime(2000);
    store.add({ title: 'Short', duration: 1000 });

    vi.advanceTimersByTime(999);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Default', 'Short']);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Default']);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a toast with an infinite duration until it is dismissed', () => {
    const store = createToastStore();
    const id = store.add({ title: 'Sticky', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the timer of a toast dismissed by hand', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const id = store.add({ title: 'A' });
    store.subscribe(listener);
    store.dismiss(id);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('pauses the clocks and resumes them with the time that was left', () => {
    const store = createToastStore({ duration: 5000 });
    store.add({ title: 'A' });
    vi.advanceTimersByTime(3000);
    store.pause();
    store.add({ title: 'B' }); // added while paused: its clock waits too
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['A', 'B']);

    store.resume();
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['B']);
    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('replaces a toast that reuses an id, in place, restarting its timer', () => {
    const store = createToastStore();
    store.add({ title: 'First' });
    store.add({ id: 'save', title: 'Saving…', duration: Infinity });
    store.add({ title: 'Last' });
    vi.advanceTimersByTime(4000);
    store.add({ id: 'save', title: 'Saved', variant: 'success' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['First', 'Saved', 'Last']);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Saved']);
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('stacks at most `limit` toasts, dropping the oldest', () => {
    const store = createToastStore({ limit: 3 });
    for (const title of ['1', '2', '3', '4', '5']) store.add({ title });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['3', '4', '5']);
    expect(vi.getTimerCount()).toBe(3);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add({ title: 'A' });
    unsubscribe();
    store.add({ title: 'B' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('toast()', () => {
  it('writes to the shared store from anywhere and dismisses through toast.dismiss', () => {
    const id = toast({ title: 'Hello', description: 'World', variant: 'success' });
    expect(toastStore.getSnapshot()).toEqual([{ id, title: 'Hello', description: 'World', variant: 'success', duration: 5000 }]);
    toast.dismiss(id);
    expect(toastStore.getSnapshot()).toEqual([]);

    toast({ title: 'Auto' });
    vi.advanceTimersByTime(5000);
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});
