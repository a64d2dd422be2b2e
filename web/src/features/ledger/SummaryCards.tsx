import { memo, type ReactNode } from 'react';
import type { TLedgerSummary } from '@app/common/schemas/ledger';
import { showCount, showTokens, showUsd } from './safe-format';
import { LEDGER_TEXT } from './texts';

function Card({ label, value, testId, icon }: { label: string; value: string; testId: string; icon: ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="relative overflow-hidden rounded-xl border border-white/10 bg-ink-800/80 px-5 py-4 shadow-lg shadow-black/20 sm:p-6"
    >
      <div className="absolute inset-x-0 top-0 h-0.5 bg-gradient-to-r from-gold-500 via-gold-300 to-transparent" aria-hidden="true" />
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-300">{label}</h2>
        <span className="text-gold-400" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-2 break-all font-display text-2xl font-semibold tabular-nums text-white sm:mt-3 lg:text-3xl">{value}</p>
    </div>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'h-6 w-6',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The three totals: record count, USD invested and ADX tokens to distribute. Memoized: they change only with the summary, not with what the page renders below them. */
export const SummaryCards = memo(function SummaryCards({ summary }: { summary: TLedgerSummary | undefined }) {
  const dash = '—';
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <Card
        testId="summary-investors"
        label={LEDGER_TEXT.totalInvestors}
        value={summary ? showCount(summary.totalInvestors) : dash}
        icon={
          <svg {...iconProps}>
            <circle cx="9" cy="8" r="3.25" />
            <path d="M3 19c.6-3.2 3-5 6-5s5.4 1.8 6 5M16 5.2a3 3 0 0 1 0 5.6M18 14c1.7.6 2.7 2.3 3 5" />
          </svg>
        }
      />
      <Card
        testId="summary-usd"
        label={LEDGER_TEXT.totalInvestment}
        value={summary ? showUsd(summary.totalInvestmentUsd) : dash}
        icon={
          <svg {...iconProps}>
            <path d="M12 3v18M16.5 7.5c-.7-1.3-2.4-2-4.5-2-2.5 0-4.5 1.2-4.5 3.2 0 4.6 9 2.2 9 6.6 0 2-2 3.2-4.5 3.2-2.3 0-4-.8-4.7-2.2" />
          </svg>
        }
      />
      <Card
        testId="summary-tokens"
        label={LEDGER_TEXT.totalTokens}
        value={summary ? showTokens(summary.totalTokens) : dash}
        icon={
          <svg {...iconProps}>
            <circle cx="12" cy="12" r="8.5" />
            <path d="M9 15.5 12 8l3 7.5M10 13.2h4" />
          </svg>
        }
      />
    </div>
  );
});
