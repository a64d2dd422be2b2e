import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { TLedgerPage, TLedgerQuery, TLedgerSummary } from '@app/common/schemas/ledger';
import { requestJson } from '../../lib/http';
import { watchLedger } from './live';
import { LEDGER_SEED_ID, LedgerStore, pageUrl, ServerLedgerStore, SUMMARY_URL, type LedgerSeed } from './store';
import { LEDGER_PAGE_SIZE } from './texts';

// The answers are typed, not re-parsed in the browser: the API declares them with the same schemas
// (api/src/modules/ledger/schema.ts), and the page then ships no zod (~18 KB off its 110 KB JS budget:
// docs/decisions/0002-public-ledger-page-weight.md).

function readSeed(): LedgerSeed | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(LEDGER_SEED_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as LedgerSeed;
  } catch {
    return null;
  }
}

/** The tab's store, starting from the figures the server rendered the page with (when it did). */
const browserStore = new LedgerStore(readSeed(), LEDGER_PAGE_SIZE);

// The answers are cacheable (Cache-Control, ETag): the store decides when to ask again, and then the browser checks
// with the server (a 304 when unchanged) rather than reuse its copy, which may predate a change the page just heard of.
const load = (url: string) => requestJson('GET', url, undefined, undefined, 'no-cache');

/** What a page reads about one of the two answers (the fields of a query result the page used). */
export interface LedgerRead<T> {
  data: T | undefined;
  /** The last read's failure (kept until a read succeeds). */
  error: Error | null;
  /** No answer yet (and none to show in its place). */
  isPending: boolean;
  isError: boolean;
  /** `data` is the previous URL's answer, shown while this one loads. */
  isPlaceholderData: boolean;
  refetch: () => void;
}

function useRead<T>(url: string | null, keepPrevious: boolean): LedgerRead<T> {
  const store = useContext(ServerLedgerStore) ?? browserStore;
  const snapshot = useCallback(() => (url ? store.get(url) : undefined), [store, url]);
  const entry = useSyncExternalStore(store.subscribe, snapshot, snapshot);
  useEffect(() => {
    if (url) store.ensure(url, load);
  }, [store, url, entry]);

  // The last answer shown, kept on screen while another page (or search) loads.
  const [shown, setShown] = useState(entry?.data);
  if (entry?.data !== undefined && entry.data !== shown) setShown(entry.data);
  const placeholder = keepPrevious && entry?.data === undefined && !entry?.error && shown !== undefined;
  const data = (entry?.data ?? (placeholder ? shown : undefined)) as T | undefined;
  const error = (entry?.error ?? null) as Error | null;
  return {
    data,
    error,
    isPending: data === undefined && !error,
    isError: Boolean(error),
    isPlaceholderData: placeholder,
    refetch: () => {
      if (url) store.ensure(url, load, true);
    },
  };
}

/** The ledger totals. */
export function useLedgerSummary(): LedgerRead<TLedgerSummary> {
  return useRead<TLedgerSummary>(SUMMARY_URL, false);
}

/** One page of ledger rows; keeps showing the previous page while the next one (or a new search) loads. Pass null to not ask. */
export function useLedgerPage(query: TLedgerQuery | null): LedgerRead<TLedgerPage> {
  return useRead<TLedgerPage>(query ? pageUrl(query) : null, true);
}

/** Asks again for what is on screen whenever the ledger changes, and each time the live stream (re)opens. */
export function useLiveLedger(): void {
  useEffect(() => watchLedger(() => browserStore.changed()), []);
}
