/**
 * The DOG POUND menu's timing (spec §9): it opens 200 ms after the pointer arrives, at once when another hover menu
 * closed less than 300 ms ago (the pointer is moving along the bar), and closes 150 ms after the pointer leaves,
 * unless it comes back first. Framework-free, so the rules are unit-tested with fake timers.
 */

/** The spec's navigation-menu delays, in ms. */
export const NAV_DELAYS = { open: 200, skip: 300, close: 150 } as const;

/** What {@link createHoverIntent} returns. */
export interface HoverIntent {
  /** The pointer entered the trigger or the panel. */
  enter(): void;
  /** The pointer left the trigger or the panel. */
  leave(): void;
  /** Opened or closed without delay (click, keyboard, Escape, a click outside). */
  set(open: boolean): void;
  /** Cancels pending timers (on unmount). */
  dispose(): void;
  /**
   * Whether a click on the trigger should close the menu: not when hovering opened it a moment ago (the pointer
   * arrived and clicked; closing then would feel like the click did nothing).
   */
  clickCloses(): boolean;
}

/** A click this soon after a hover opened the menu leaves it open. */
const CLICK_AFTER_HOVER_MS = 500;

/** Shared by every menu on the page: when the last one closed, for the skip delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** A hover-intent controller that reports open/closed through `onChange` (called only on a change). */
export function createHoverIntent(onChange: (open: boolean) => void, delays = NAV_DELAYS, now: () => number = () => Date.now()): HoverIntent {
  let open = false;
  let hoverOpenedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const apply = (next: boolean) => {
    clear();
    if (next === open) return;
    open = next;
    if (!next) lastClosedAt = now();
    onChange(next);
  };
  return {
    enter() {
      clear();
      if (open) return;
      const openByHover = () => {
        hoverOpenedAt = now();
        apply(true);
      };
      if (now() - lastClosedAt < delays.skip) openByHover();
      else timer = setTimeout(openByHover, delays.open);
    },
    leave() {
      clear();
      if (open) timer = setTimeout(() => apply(false), delays.close);
    },
    set(next) {
      hoverOpenedAt = Number.NEGATIVE_INFINITY;
      apply(next);
    },
    dispose: clear,
    clickCloses: () => open && now() - hoverOpenedAt >= CLICK_AFTER_HOVER_MS,
  };
}

/** Forgets the last close (tests start each case from a quiet bar). */
export function resetHoverIntentClock(): void {
  lastClosedAt = Number.NEGATIVE_INFINITY;
}
