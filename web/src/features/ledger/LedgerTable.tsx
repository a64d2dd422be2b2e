import { memo } from 'react';
import type { TLedgerRow } from '@app/common/schemas/ledger';
import { showDate, showTokens, showUsd } from './safe-format';
import { LEDGER_TEXT } from './texts';
import { ScrollRegion } from '../../components/ui/scroll-region';

interface Props {
  rows: readonly TLedgerRow[];
  /** A search is in effect: every row shown matches it, so every row is highlighted. */
  searching: boolean;
  /** Rows are from the previous query while the new one loads. */
  stale: boolean;
  /** Verifies a found row in the browser (offered on search results). */
  onVerify?: (row: TLedgerRow) => void;
}

const th = 'whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wider text-slate-200 sm:px-6';
const td = 'whitespace-nowrap px-4 py-3.5 sm:px-6';

/** Refunded purchases and the negative rows that take them back say so, so nobody reads a negative row as a purchase. */
export function MarkerBadge({ marker }: { marker: NonNullable<TLedgerRow['marker']> }) {
  const reversal = marker === 'reversal';
  return (
    <span
      data-testid="ledger-marker"
      className={`ml-2 rounded-full px-2 py-0.5 font-sans text-[11px] font-semibold uppercase tracking-wide ${reversal ? 'bg-red-100 text-red-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {reversal ? LEDGER_TEXT.reversalBadge : LEDGER_TEXT.reversedBadge}
    </span>
  );
}

/**
 * The ledger rows. Rows carry data-testid="ledger-row", or data-testid="ledger-row-match" (and a gold highlight)
 * when a search is in effect, since the server then returns only matching rows. Memoized: what the page renders
 * around it (a Verify's panel, the search box as a person types) leaves the rows as they are, and re-rendering them was
 * a large part of a Verify's work on a phone-speed CPU.
 */
export const LedgerTable = memo(function LedgerTable({ rows, searching, stale, onVerify }: Props) {
  return (
    <ScrollRegion label={LEDGER_TEXT.tableCaption} className="overflow-x-auto" busy={stale}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{LEDGER_TEXT.tableCaption}</caption>
        <thead className="bg-ink-900">
          <tr>
            <th scope="col" className={th}>
              {LEDGER_TEXT.colInvestorId}
            </th>
            <th scope="col" className={th}>
              {LEDGER_TEXT.colPurchaseDate}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {LEDGER_TEXT.colInvestment}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {LEDGER_TEXT.colTokens}
            </th>
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 transition-opacity ${stale ? 'opacity-60' : ''}`}>
          {rows.map((r, i) => (
            <tr
              key={`${r.investor_id}|${r.created_at}|${i}`}
              data-testid={searching ? 'ledger-row-match' : 'ledger-row'}
              data-match={searching ? 'true' : undefined}
              data-marker={r.marker}
              className={
                searching
                  ? 'bg-gold-50 shadow-[inset_4px_0_0_var(--color-gold-500)]'
                  : 'bg-white odd:bg-white even:bg-slate-50/70 hover:bg-gold-50/60'
              }
            >
              <th scope="row" className={`${td} font-mono text-sm font-semibold ${searching ? 'text-gold-800' : 'text-ink-900'}`}>
                {r.investor_id}
                {r.marker && <MarkerBadge marker={r.marker} />}
                {onVerify && searching && (
                  <button
                    type="button"
                    onClick={() => onVerify(r)}
                    data-testid="ledger-verify-row"
                    className="ml-3 rounded-md border border-gold-600/50 bg-white px-2 py-0.5 font-sans text-xs font-semibold text-gold-800 hover:bg-gold-50"
                  >
                    {LEDGER_TEXT.verify}
                  </button>
                )}
              </th>
              <td className={`${td} text-slate-700`}>{showDate(r.purchase_date)}</td>
              <td className={`${td} text-right tabular-nums text-ink-900`}>{showUsd(r.investment_amount_usd)}</td>
              <td className={`${td} text-right font-medium tabular-nums text-ink-900`}>{showTokens(r.tokens_to_be_distributed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
});
