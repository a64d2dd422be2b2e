import { useEffect, useRef } from 'react';
import { holdWakeLock, storageHeadroom } from './device-guards';

/** Storage left (bytes) below which a live take stops: ~3 minutes of the studio's 2.63 Mbit/s. */
const STORAGE_RESERVE_BYTES = 64 * 1024 * 1024;
const STORAGE_CHECK_MS = 5_000;

/**
 * What protects a take in the browser: a screen Wake Lock while `active` (a sleeping display suspends
 * the tab), the browser's leave-page prompt while `unsent()` (chunks are kept in IndexedDB either way),
 * and `onStorageLow` once the origin's storage headroom falls below the reserve, so the take stops
 * with everything saved instead of failing to save the next chunk.
 */
export function useTakeGuards(active: boolean, unsent: () => boolean, onStorageLow: () => void): void {
  const latest = useRef({ unsent, onStorageLow });
  useEffect(() => {
    latest.current = { unsent, onStorageLow };
  });

  useEffect(() => (active ? holdWakeLock() : undefined), [active]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current.unsent()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => {
      void storageHeadroom().then((left) => {
        if (left !== null && left < STORAGE_RESERVE_BYTES) latest.current.onStorageLow();
      });
    }, STORAGE_CHECK_MS);
    return () => window.clearInterval(id);
  }, [active]);
}
