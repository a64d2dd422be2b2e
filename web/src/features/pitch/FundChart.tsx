import { useEffect, useRef, useState } from 'react';
import { FUND_ALLOCATION } from '@app/common/domain/pitch';
import { FUND_COLORS } from './content';

/**
 * The fund-use doughnut. Chart.js is loaded only on the pitch deck, and only when the chart is about to scroll into
 * view; the chart is destroyed when the page is left. The square box is reserved up front, so nothing shifts, and
 * the allocation is also listed in text beside it (the chart's own legend is hidden, as the spec says).
 */
export function FundChart() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    const draw = () =>
      void import('./chart').then(({ createFundChart }) => {
        if (cancelled) return;
        chart = createFundChart(el);
        setReady(true);
      });
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          draw();
        }
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
      chart?.destroy();
    };
  }, []);

  const summary = FUND_ALLOCATION.map((f) => `${f.label} ${f.percentage}%`).join(', ');
  return (
    <div className="grid items-center gap-8 md:grid-cols-[minmax(0,20rem)_1fr]">
      <div className="relative mx-auto aspect-square w-full max-w-80">
        <canvas ref={canvas} role="img" aria-label={`Use of funds: ${summary}`} data-testid="fund-chart" data-ready={ready} />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="font-display text-3xl font-semibold text-ink-900">100%</span>
          <span className="text-xs uppercase tracking-widest text-slate-600">of funds</span>
        </div>
      </div>
      <ul className="flex flex-col gap-4">
        {FUND_ALLOCATION.map((f, i) => (
          <li key={f.label} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <span aria-hidden="true" className="h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: FUND_COLORS[i] }} />
            <span className="flex-1 font-semibold text-ink-900">{f.label}</span>
            <span className="font-display text-2xl font-semibold text-ink-900">{f.percentage}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
