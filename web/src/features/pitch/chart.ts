import { ArcElement, Chart, DoughnutController, Tooltip } from 'chart.js';
import { FUND_ALLOCATION, fundTooltip } from '@app/common/domain/pitch';
import { FUND_COLORS } from './content';

// Only what a doughnut with tooltips needs, so the chunk stays small.
Chart.register(DoughnutController, ArcElement, Tooltip);

/** Draws the fund-use doughnut (spec §9: cutout 60 %, legend hidden, border width 4, green/blue/amber, tooltip 'label: value%'). */
export function createFundChart(canvas: HTMLCanvasElement): Chart<'doughnut'> {
  return new Chart(canvas, {
    type: 'doughnut',
    data: {
      labels: FUND_ALLOCATION.map((f) => f.label),
      datasets: [
        {
          data: FUND_ALLOCATION.map((f) => f.percentage),
          backgroundColor: [...FUND_COLORS],
          borderColor: '#ffffff',
          borderWidth: 4,
          hoverOffset: 6,
        },
      ],
    },
    options: {
      cutout: '60%',
      responsive: true,
      maintainAspectRatio: true,
      animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : { duration: 600 },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (ctx) => fundTooltip(String(ctx.label), Number(ctx.raw)) } },
      },
    },
  });
}
