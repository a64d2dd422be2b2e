/**
 * What the browser can do to keep a live take safe: persistent storage (so IndexedDB chunks are not
 * evicted under pressure), a screen Wake Lock (so the display does not sleep and suspend the tab), and
 * how much storage is left before the chunks waiting for the server no longer fit.
 */

/** Asks once for persistent storage; false when refused or unsupported (chunks are still saved, evictably). */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/**
 * Holds a screen Wake Lock until the returned release is called, taking it again when the tab becomes
 * visible (browsers drop it on hide). Without support, a no-op.
 */
export function holdWakeLock(): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let released = false;
  const take = () => {
    if (released || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
    navigator.wakeLock.request('screen').then(
      (s) => {
        if (released) void s.release();
        else sentinel = s;
      },
      () => undefined, // refused (battery saver, no user gesture): recording goes on without it
    );
  };
  take();
  document.addEventListener('visibilitychange', take);
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', take);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/** Bytes the origin may still store, or null when the browser does not say. */
export async function storageHeadroom(): Promise<number | null> {
  try {
    const e = await navigator.storage?.estimate?.();
    return e?.quota === undefined || e.usage === undefined ? null : e.quota - e.usage;
  } catch {
    return null;
  }
}
