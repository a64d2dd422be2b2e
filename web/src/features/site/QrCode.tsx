import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * A QR code generated in the browser from `url` (no image request): the generator loads when the code is about to
 * scroll into view, and the box keeps its size throughout, so nothing shifts.
 */
export function QrCode({ url, label, className }: { url: string; label: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [qr, setQr] = useState<{ size: number; d: string } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    const load = () =>
      void import('./qr').then(({ qrPath }) => {
        if (!cancelled) setQr(qrPath(url));
      });
    if (!('IntersectionObserver' in window)) {
      load();
      return () => {
        cancelled = true;
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          load();
        }
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [url]);

  return (
    <div ref={box} className={cn('aspect-square rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200', className)}>
      {qr ? (
        <svg role="img" aria-label={label} viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`} className="h-full w-full" shapeRendering="crispEdges" data-testid="qr-code">
          <path d={qr.d} fill="var(--color-ink-950)" />
        </svg>
      ) : (
        <div role="img" aria-label={label} className="h-full w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      )}
    </div>
  );
}
