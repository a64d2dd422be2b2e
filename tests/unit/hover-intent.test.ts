import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent, NAV_DELAYS, resetHoverIntentClock } from '../../web/src/components/nav/hover-intent';
import { fieldLabel, fieldValue, payloadPairs } from '../../web/src/features/admin/payload';

describe('DOG POUND menu timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetHoverIntentClock();
  });
  afterEach(() => vi.useRealTimers());

  it('uses the spec delays: open 200 ms, skip 300 ms, close 150 ms', () => {
    expect(NAV_DELAYS).toEqual({ open: 200, skip: 300, close: 150 });
  });

  it('opens 200 ms after the pointer arrives, not before', () => {
    const changes: boolean[] = [];
    const h = createHoverIntent((o) => changes.push(o));
    h.enter();
    vi.advanceTimersByTime(199);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });

  it('does not open when the pointer passes by quickly', () => {
    const changes: boolean[] = [];
    const h = createHoverIntent((o) => changes.push(o));
    h.enter();
    vi.advanceTimersByTime(120);
    h.leave();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });

  it('closes 150 ms after the pointer leaves, unless it comes back', () => {
    const changes: boolean[] = [];
    const h = createHoverIntent((o) => changes.push(o));
    h.set(true);
    h.leave();
    vi.advanceTimersByTime(100);
    h.enter();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
    h.leave();
    vi.advanceTimersByTime(149);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('skips the open delay within 300 ms of a menu closing', () => {
    const changes: boolean[] = [];
    const h = createHoverIntent((o) => changes.push(o));
    h.set(true);
    h.set(false);
    vi.advanceTimersByTime(299);
    h.enter();
    expect(changes).toEqual([true, false, true]);
    h.set(false);
    vi.advanceTimersByTime(300);
    h.enter();
    expect(changes).toEqual([true, false, true, false]);
    vi.advanceTimersByTime(200);
    expect(changes).toEqual([true, false, true, false, true]);
  });
});

describe('clicking the DOG POUND trigger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetHoverIntentClock();
  });
  afterEach(() => vi.useRealTimers());

  it('does not close a menu that hovering opened a moment ago, but does later or after a click open', () => {
    const h = createHoverIntent(() => undefined);
    h.enter();
    vi.advanceTimersByTime(200);
    expect(h.clickCloses()).toBe(false);
    vi.advanceTimersByTime(500);
    expect(h.clickCloses()).toBe(true);
    h.set(false);
    h.set(true);
    expect(h.clickCloses()).toBe(true);
  });
});

describe('admin payload display', () => {
  it('labels known and unknown keys', () => {
    expect(fieldLabel('businessIdea')).toBe('Business idea');
    expect(fieldLabel('employee_count')).toBe('Employee count');
    expect(fieldLabel('websiteURL')).toBe('Website url');
  });
  it('shows values as text', () => {
    expect(fieldValue(true)).toBe('Yes');
    expect(fieldValue(false)).toBe('No');
    expect(fieldValue('')).toBe('—');
    expect(fieldValue(null)).toBe('—');
    expect(fieldValue(4)).toBe('4');
    expect(fieldValue(['a', 'b'])).toBe('a, b');
    expect(fieldValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(payloadPairs({ sector: 'Family', commitment: true })).toEqual([
      { key: 'commitment', label: 'Commitment', value: 'Yes' },
      { key: 'sector', label: 'Sector', value: 'Family' },
    ]);
    // The form's order, whatever order jsonb gives back; unknown keys last, alphabetically.
    expect(payloadPairs({ zeta: 1, email: 'a@b.co', alpha: 2, fullName: 'Ada' }).map((p) => p.key)).toEqual(['fullName', 'email', 'alpha', 'zeta']);
  });
});
