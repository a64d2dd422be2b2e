import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The take's recorded time: milliseconds recorded before the current live stretch plus the stretch itself, so
 * paused time never counts. `elapsed` is the whole seconds shown, ticking only while `live`.
 */
export function useTakeClock(live: boolean) {
  const [elapsed, setElapsed] = useState(0);
  const clock = useRef<{ accumulatedMs: number; liveSince: number | null }>({ accumulatedMs: 0, liveSince: null });

  const elapsedMs = useCallback(() => clock.current.accumulatedMs + (clock.current.liveSince === null ? 0 : Date.now() - clock.current.liveSince), []);

  useEffect(() => {
    if (!live) return;
    const id = window.setInterval(() => setElapsed(Math.floor(elapsedMs() / 1000)), 250);
    return () => window.clearInterval(id);
  }, [live, elapsedMs]);

  /** A new take: from zero, running. */
  const begin = useCallback(() => {
    clock.current.accumulatedMs = 0;
    clock.current.liveSince = Date.now();
    setElapsed(0);
  }, []);

  /** Stops counting (the shown seconds stay where the last tick left them). */
  const freeze = useCallback(() => {
    if (clock.current.liveSince === null) return;
    clock.current.accumulatedMs = elapsedMs();
    clock.current.liveSince = null;
  }, [elapsedMs]);

  /** Stops counting and shows the exact seconds recorded (pause, stop). */
  const halt = useCallback(() => {
    freeze();
    setElapsed(Math.floor(clock.current.accumulatedMs / 1000));
  }, [freeze]);

  const resume = useCallback(() => {
    clock.current.liveSince = Date.now();
  }, []);

  const reset = useCallback(() => {
    clock.current.accumulatedMs = 0;
    clock.current.liveSince = null;
    setElapsed(0);
  }, []);

  return { elapsed, elapsedMs, begin, freeze, halt, resume, reset };
}
