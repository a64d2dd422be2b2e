import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { TLedgerQuery } from '@app/common/schemas/ledger';
import { fetchLedgerPage, fetchLedgerSummary } from './api';

/** React Query keys of the ledger; invalidate ['ledger'] to reload everything (e.g. after an admin adds a record). */
export const ledgerKeys = {
  all: ['ledger'] as const,
  summary: () => ['ledger', 'summary'] as const,
  page: (q: TLedgerQuery) => ['ledger', 'page', q.search, q.page, q.pageSize, q.after ?? '', q.before ?? ''] as const,
};

/** The ledger totals. */
export function useLedgerSummary() {
  return useQuery({
    queryKey: ledgerKeys.summary(),
    queryFn: ({ signal }) => fetchLedgerSummary(signal),
  });
}

/** One page of ledger rows; keeps showing the previous page while the next one (or a new search) loads. Pass null to not query. */
export function useLedgerPage(query: TLedgerQuery | null) {
  return useQuery({
    queryKey: query ? ledgerKeys.page(query) : ['ledger', 'page', 'disabled'],
    queryFn: query ? ({ signal }) => fetchLedgerPage(query, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
