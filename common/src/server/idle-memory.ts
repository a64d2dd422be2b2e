import { z } from 'zod';

/**
 * IDLE_GC_SECONDS: how long a server process waits with no request or job before one full collection (0: never).
 * It only acts when the process runs with `--expose-gc` (scripts/lib/node-flags.ts); elsewhere (tests, tsx) it is inert.
 */
export const ZIdleMemoryEnv = z.object({
  IDLE_GC_SECONDS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 3600').max(3_600, 'must be between 0 and 3600').default(20),
});

export interface IdleGc {
  /** A request or job started or ended: the process is busy, and the idle wait starts again. */
  touch(): void;
  /** No more collections (the process is closing). */
  stop(): void;
}

/**
 * One full garbage collection once the process has been idle (no `touch`) for `idleMs`, then none until the next
 * activity. V8 sizes its young generation by the last burst (the API's grows to --max-semi-space-size under load) and
 * keeps the pages once grown, and nothing triggers a collection in a process that allocates nothing: without this an
 * idle process stays at its start-up or last burst's peak. Activity only re-arms one timer (unref'd), so a busy
 * process pays nothing else. A single request or job longer than `idleMs` with nothing else happening may see the
 * collection: one pause of the kind V8 runs by itself under load.
 *
 * Inert (touch does nothing, no timer) when `gc` is absent, i.e. unless Node runs with `--expose-gc`.
 */
export function idleGc(opts: { idleMs: number; gc?: () => void }): IdleGc {
  const gc = opts.gc ?? (globalThis as { gc?: () => void }).gc;
  if (!gc || opts.idleMs <= 0) return { touch() {}, stop() {} };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const collect = () => {
    timer = undefined;
    gc();
  };
  const touch = () => {
    if (stopped) return;
    if (timer) timer.refresh();
    else (timer = setTimeout(collect, opts.idleMs)).unref();
  };
  touch(); // start-up is the first activity: its garbage is collected once the process has settled
  return {
    touch,
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
