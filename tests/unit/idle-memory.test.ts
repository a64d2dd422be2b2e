import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleGc } from '@app/common/server/idle-memory';

const IDLE_MS = 20_000;

/** `gc` has run `before` times until the clock is `ms` further, and once more exactly then. */
function collectsIn(gc: ReturnType<typeof vi.fn>, ms: number, before: number): void {
  vi.advanceTimersByTime(ms - 1);
  expect(gc).toHaveBeenCalledTimes(before);
  vi.advanceTimersByTime(1);
  expect(gc).toHaveBeenCalledTimes(before + 1);
}

describe('one full collection once the process is idle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not collect while activity keeps coming, and waits the whole idle time after the last', () => {
    const gc = vi.fn();
    const idle = idleGc({ idleMs: IDLE_MS, gc });
    for (let i = 0; i < 100; i++) {
      vi.advanceTimersByTime(IDLE_MS / 4);
      idle.touch();
    }
    expect(gc).not.toHaveBeenCalled();
    collectsIn(gc, IDLE_MS, 0);
    idle.stop();
  });

  it('collects once the idle time after start, not again while nothing happens, again only after new activity', () => {
    const gc = vi.fn();
    const idle = idleGc({ idleMs: IDLE_MS, gc });
    collectsIn(gc, IDLE_MS, 0);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    idle.touch();
    collectsIn(gc, IDLE_MS, 1);
    vi.advanceTimersByTime(5 * IDLE_MS);
    expect(gc).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it('keeps one timer, and none once stopped', () => {
    const gc = vi.fn();
    const idle = idleGc({ idleMs: IDLE_MS, gc });
    expect(vi.getTimerCount()).toBe(1);
    idle.stop();
    idle.touch();
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(gc).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses the gc that --expose-gc gives when none is passed', () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    try {
      const idle = idleGc({ idleMs: IDLE_MS });
      vi.advanceTimersByTime(IDLE_MS);
      expect(gc).toHaveBeenCalledTimes(1);
      idle.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing without gc (no --expose-gc) or with an idle time of 0', () => {
    vi.stubGlobal('gc', undefined);
    try {
      const idle = idleGc({ idleMs: IDLE_MS });
      idle.touch();
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(10 * IDLE_MS);
      idle.stop();
    } finally {
      vi.unstubAllGlobals();
    }
    const gc = vi.fn();
    const off = idleGc({ idleMs: 0, gc });
    off.touch();
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(gc).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
