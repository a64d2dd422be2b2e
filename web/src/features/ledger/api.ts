import type { TLedgerPage, TLedgerQuery, TLedgerSummary } from '@app/common/schemas/ledger';
import { requestJson } from '../../lib/http';

// The public ledger's two reads. The answers are typed, not re-parsed in the browser: the API declares them with
// the same schemas (api/src/routes/ledger/schema.ts), and the page then ships no zod (issue 15's JS budget).

/** GET /api/ledger/summary: record count and totals of the public token ledger. */
export async function fetchLedgerSummary(signal?: AbortSignal): Promise<TLedgerSummary> {
  return (await requestJson('GET', '/api/ledger/summary', undefined, signal)) as TLedgerSummary;
}

/** GET /api/ledger: one page of public ledger rows, filtered server-side by investor-ID prefix. */
export async function fetchLedgerPage(query: TLedgerQuery, signal?: AbortSignal): Promise<TLedgerPage> {
  const params = new URLSearchParams({
    search: query.search,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
  return (await requestJson('GET', `/api/ledger?${params.toString()}`, undefined, signal)) as TLedgerPage;
}
