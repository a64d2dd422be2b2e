import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/**
 * The card that replaces a form after it was sent. The form was much taller, so the card scrolls itself
 * into view and takes focus (screen readers read it; keyboard users continue from here).
 */
export function Confirmation({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, []);
  return (
    <Card className="border-green-700/25" data-testid={testId}>
      <div ref={ref} tabIndex={-1} role="status" className="flex flex-col items-center gap-4 rounded-xl px-6 py-12 text-center outline-none sm:px-10">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700 ring-1 ring-green-700/20" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.25">
            <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h3 className="font-display text-2xl font-semibold text-ink-900">{title}</h3>
        {children}
      </div>
    </Card>
  );
}
