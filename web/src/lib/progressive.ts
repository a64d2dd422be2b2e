import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * How many of a long page's `total` sections to render: `first` with the first paint, then one more per low-priority
 * render (each its own small task), so a long page never blocks the main thread for long while it starts. A visit
 * to an anchor (/#incubator) renders everything at once, so the scroll can reach its section.
 */
export function useProgressiveCount(total: number, first: number): number {
  const { hash } = useLocation();
  const [count, setCount] = useState(hash ? total : first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}
