import { formatTokens, formatUsd, formatUsShortDate } from '@app/common/domain/format';
import { formatLocalDate } from '@app/common/domain/local-date';
import type { TAdminPurchaseList } from '@app/common/schemas/admin';
import { Button } from '../../components/ui/button';
import { MarkerBadge } from '../ledger/LedgerTable';
import { ScrollRegion } from '../../components/ui/scroll-region';

/** One page of purchase records, with Previous / Next over all of them (paged on the server). */
export function PurchaseTable({ data, onPage, loading }: { data: TAdminPurchaseList; onPage: (page: number) => void; loading: boolean }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <ScrollRegion label="Purchase records" className="overflow-x-auto">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wider text-slate-600">
            <tr>
              <th className="py-2 pr-4">Investor ID</th>
              <th className="py-2 pr-4">Purchase Date</th>
              <th className="py-2 pr-4 text-right">Investment (USD)</th>
              <th className="py-2 pr-4 text-right">ADX Tokens</th>
              <th className="py-2">Added</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100" data-testid="admin-row">
                <td className="py-2 pr-4 font-mono font-semibold text-ink-900">
                  {r.investor_id}
                  {/* A refund or lost dispute taking a purchase back: labelled as on the public ledger, not a bare negative amount. */}
                  {r.source === 'reversal' && <MarkerBadge marker="reversal" />}
                </td>
                <td className="py-2 pr-4">{formatUsShortDate(r.purchase_date)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatUsd(r.investment_amount_usd)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatTokens(r.tokens_to_be_distributed)}</td>
                <td className="py-2 text-slate-600">{formatLocalDate(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {pages > 1 && (
        <nav aria-label="Purchase record pages" className="flex flex-wrap items-center justify-between gap-3 pt-4">
          <Button variant="outline" size="sm" disabled={data.page <= 1 || loading} onClick={() => onPage(data.page - 1)}>
            Previous
          </Button>
          <span className="text-sm font-medium text-ink-900" data-testid="admin-page" aria-live="polite">
            Page {data.page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={data.page >= pages || loading} onClick={() => onPage(data.page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
