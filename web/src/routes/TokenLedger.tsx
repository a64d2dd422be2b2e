import { useEffect } from 'react';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { formatFoundMessage, pageCount } from '@app/common/domain/format';
import { isLedgerSearch } from '@app/common/domain/ledger-search';
import type { TLedgerQuery } from '@app/common/schemas/ledger';
import { pageTitle } from '../components/brand';
import { LedgerTable } from '../features/ledger/LedgerTable';
import { Pagination } from '../features/ledger/Pagination';
import { SearchBox, type SearchFeedback } from '../features/ledger/SearchBox';
import { SummaryCards } from '../features/ledger/SummaryCards';
import { LEDGER_PAGE_SIZE, LEDGER_TEXT } from '../features/ledger/texts';
import { useLedgerPage, useLedgerSummary, useLiveLedger } from '../features/ledger/use-ledger-data';
import { useLedgerUrl } from '../features/ledger/use-ledger-url';
import { loadVerifyPanel, useVerify } from '../features/ledger/use-verify';

/** The public, read-only token ledger '/token-ledger' (spec §2): totals, investor-ID verification and the records. */
export default function TokenLedger() {
  const url = useLedgerUrl();
  const { search, page, after, before } = url;

  const invalidSearch = !isLedgerSearch(search);
  const query: TLedgerQuery | null = invalidSearch ? null : { search, page, pageSize: LEDGER_PAGE_SIZE, after, before };

  const verify = useVerify();
  const summary = useLedgerSummary();
  const ledger = useLedgerPage(query);
  // New purchases appear without a reload (server-sent events: no Socket.IO client on this page).
  useLiveLedger();

  const error = summary.error ?? ledger.error;
  useEffect(() => {
    if (error) console.error('Error fetching token ledger:', error);
  }, [error]);

  const data = ledger.data;
  const stale = ledger.isPlaceholderData;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  // A position that no longer starts a page (the page before it is gone: e.g. an edited link) goes back to page 1.
  const { setPage } = url;
  useEffect(() => {
    if (data && !stale && data.total > 0 && data.rows.length === 0 && page > 1) setPage(1, null, true);
  }, [data, stale, page, setPage]);

  const loading = !error && (summary.isPending || (query !== null && ledger.isPending));
  const typing = url.input.trim() !== search;

  let feedback: SearchFeedback = { kind: 'none' };
  if (invalidSearch) feedback = { kind: 'invalid' };
  else if (typing && url.input.trim() !== '') feedback = { kind: 'pending' };
  else if (search !== '') {
    if (!data || stale) feedback = ledger.isError ? { kind: 'none' } : { kind: 'pending' };
    else feedback = data.total > 0 ? { kind: 'found', message: formatFoundMessage(data.total) } : { kind: 'none-found' };
  }

  const rows = invalidSearch ? [] : (data?.rows ?? []);
  const searching = search !== '';
  // A search leads to Verify buttons: the verifier's code is fetched once one starts, and the log entries of the
  // investors found while the reader looks at their rows, so a click waits only for its own proof (the page without
  // a search loads none of it).
  const looking = url.input.trim() !== '' || searching;
  useEffect(() => {
    if (looking) loadVerifyPanel().catch(() => undefined);
  }, [looking]);
  const verifiable = searching && !stale ? [...new Set(rows.map((r) => r.investor_id))].slice(0, 5).join(' ') : '';
  useEffect(() => {
    if (verifiable) void import('../features/ledger/verify').then((m) => m.prefetchEntries(verifiable.split(' ')));
  }, [verifiable]);
  const showTable = invalidSearch || data !== undefined;

  return (
    <>
      <title>{pageTitle(LEDGER_TEXT.title)}</title>
      <section className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(201,162,39,0.16),transparent_55%)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 pb-10 pt-10 sm:px-6 sm:pt-14">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">Public record</p>
          <h1 className="mt-2 font-display text-4xl font-semibold sm:text-5xl">{LEDGER_TEXT.title}</h1>
          <p className="mt-3 max-w-2xl text-slate-200">{LEDGER_TEXT.intro}</p>
          {/* Always there (dashes while loading), so the totals arriving do not push the page down. */}
          <div className="mt-8">
            <SummaryCards summary={loading ? undefined : summary.data} />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {loading ? (
          <div role="status" className="flex flex-col items-center justify-center gap-4 py-20 text-slate-700">
            <span className="h-9 w-9 animate-spin rounded-full border-2 border-gold-600 border-t-transparent" aria-hidden="true" />
            <p className="text-lg">{LEDGER_TEXT.loading}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-6">
            {error && (
              <div
                role="alert"
                data-testid="ledger-error"
                className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
              >
                <p>{LEDGER_TEXT.loadError}</p>
                <button
                  type="button"
                  onClick={() => {
                    if (summary.isError) summary.refetch();
                    if (ledger.isError) ledger.refetch();
                  }}
                  className="self-start rounded-md border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-900 hover:bg-red-100 sm:self-auto"
                >
                  {LEDGER_TEXT.retry}
                </button>
              </div>
            )}

            {verify.index !== null && verify.Panel && <verify.Panel key={verify.index} index={verify.index} onClose={verify.close} onSettled={verify.settled} />}
            {verify.notFound && (
              <p role="status" className="text-sm text-slate-700">
                {LEDGER_TEXT.verifyNotFound}
              </p>
            )}

            <SearchBox
              value={url.input}
              onChange={url.setInput}
              onSubmit={() => url.commitNow(url.input)}
              onClear={url.clear}
              feedback={feedback}
            />

            {/* The rows of the current search (or all), as on screen, streamed by the API. */}
            <a
              href={`${LEDGER_PATHS.exportCsv}${searching && !invalidSearch ? `?search=${encodeURIComponent(search)}` : ''}`}
              download
              data-testid="ledger-csv"
              className="self-end text-sm font-semibold text-gold-800 underline underline-offset-2 hover:text-gold-900"
            >
              {LEDGER_TEXT.downloadCsv}
            </a>

            {showTable && (
              <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                {rows.length > 0 ? (
                  <>
                    <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600 sm:hidden">{LEDGER_TEXT.scrollHint}</p>
                    <LedgerTable rows={rows} searching={searching} stale={stale} onVerify={verify.verifyRow} />
                    {data && (
                      <Pagination
                        page={data.page}
                        pages={Math.max(pages, data.page)}
                        total={data.total}
                        pageSize={data.pageSize}
                        hasNext={data.nextCursor !== null}
                        onPrevious={() => setPage(data.page - 1, data.page > 2 && data.prevCursor ? { before: data.prevCursor } : null)}
                        onNext={() => data.nextCursor && setPage(data.page + 1, { after: data.nextCursor })}
                      />
                    )}
                  </>
                ) : (
                  <p data-testid="ledger-empty" className={`px-6 py-14 text-center text-slate-600 ${stale ? 'opacity-60' : ''}`}>
                    {searching || invalidSearch ? LEDGER_TEXT.emptySearch : LEDGER_TEXT.emptyLedger}
                  </p>
                )}
              </section>
            )}

            <p className="flex items-start gap-2 text-sm text-slate-600">
              <svg viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <rect x="5" y="11" width="14" height="9" rx="2" />
                <path d="M8 11V8a4 4 0 0 1 8 0v3" />
              </svg>
              <span data-testid="ledger-footnote">{LEDGER_TEXT.footnote}</span>
            </p>
            <p className="text-sm text-slate-600" data-testid="ledger-transparency">
              {LEDGER_TEXT.transparencyNote}{' '}
              <a href={LEDGER_PATHS.key} className="font-semibold text-gold-800 underline underline-offset-2">
                {LEDGER_TEXT.ledgerKey}
              </a>
              ,{' '}
              <a href={LEDGER_PATHS.checkpoint} className="font-semibold text-gold-800 underline underline-offset-2">
                {LEDGER_TEXT.signedCheckpoint}
              </a>
              .
            </p>
          </div>
        )}
      </div>
    </>
  );
}
