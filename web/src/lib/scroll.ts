import { useEffect } from 'react';
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
 * navigation without a hash, start at the top.
 */
export function useScrollToHash(): void {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
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
