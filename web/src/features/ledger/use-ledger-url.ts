import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from './texts';

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
  const page = parsePage(params.get('page'));

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
    (n: number, replace = false) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (n > 1) p.set('page', String(n));
          else p.delete('page');
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
