import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from './texts';

/** Where a page starts: after the previous page's last row, or before the next page's first row (keyset paging). */
export type PageFrom = { after: string } | { before: string } | null;

/** Reads ?page= as a whole number of at least 1; anything else is page 1. */
function parsePage(raw: string | null): number {
  const n = raw === null ? 1 : Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
}

/**
 * The ledger page's URL state: `?search=` (the committed search, written ~250 ms after the last keystroke or at
 * once on Enter, replacing the history entry) and `?page=` (pushed, so Back returns to the previous page).
 * `input` is what the search box shows; it follows the URL when the user navigates (Back, a link), not when
 * this hook itself wrote the URL.
 */
export function useLedgerUrl() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const search = (params.get('search') ?? '').trim();
  const after = params.get('after') ?? undefined;
  const before = after ? undefined : (params.get('before') ?? undefined);
  // A page number without a position (an old link) cannot be found without counting rows: it is the first page.
  const page = after || before ? parsePage(params.get('page')) : 1;

  const [input, setInput] = useState(search);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE' && input.trim() !== search) setInput(search);
  }

  const commit = useCallback(
    (value: string) => {
      const next = value.trim();
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set('search', next);
          else p.delete('search');
          p.delete('page');
          p.delete('after');
          p.delete('before');
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (input.trim() === search) return;
    const t = setTimeout(() => commit(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input, search, commit]);

  const setPage = useCallback(
    (n: number, from: PageFrom, replace = false) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.delete('after');
          p.delete('before');
          if (n > 1 && from) {
            p.set('page', String(n));
            if ('after' in from) p.set('after', from.after);
            else p.set('before', from.before);
          } else p.delete('page');
          return p;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    /** The search in effect (from the URL), trimmed. */
    search,
    /** The 1-based page in effect (from the URL). */
    page,
    /** Where that page starts (from the URL). */
    after,
    before,
    /** The search box's text. */
    input,
    setInput,
    /** Applies `value` as the search now, without waiting for the debounce. */
    commitNow: commit,
    /** Empties the box and the search at once. */
    clear: useCallback(() => {
      setInput('');
      commit('');
    }, [commit]),
    setPage,
  };
}
