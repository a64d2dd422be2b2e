import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Smooth unless the visitor asked for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls smoothly to the element with `id` (the fixed top bar is allowed for by scroll-padding-top); false if absent. */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  return true;
}

/** Scrolls smoothly to the top of the page. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/**
 * In-page anchors across routes: after a navigation to `/#events` (from any page) scroll to #events once the page
 * has rendered it (the page's code may still be loading, so it looks again on each frame for up to 3 s); after a
 * navigation without a hash, start at the top. The page the browser loaded is left where the browser put it (the
 * top, the place it restores on a reload, or the anchor in its HTML): a person may have scrolled and be pressing a
 * control while the app starts, and moving the page then sends the click to whatever comes under the pointer.
 */
export function useScrollToHash(): void {
  const location = useLocation();
  const { pathname, hash, key } = location;
  const loaded = useRef(location);
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    const first = loaded.current;
    // Only a page drawn in the browser (not in the HTML) still needs its anchor found.
    if (first.pathname === pathname && first.hash === hash && first.key === key && (!id || document.getElementById(id))) return;
    if (!id) {
      window.scrollTo({ top: 0 });
      return;
    }
    let frame = 0;
    const started = performance.now();
    const attempt = () => {
      if (scrollToId(id) || performance.now() - started > 3000) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}
