import { useContext, useEffect, useSyncExternalStore } from 'react';
import { PROGRAM_PATHS } from '@app/common/api/program-paths';
import type { TProgramView } from '@app/common/schemas/program';
import { requestJson } from '../../lib/http';
import { PROGRAM_SEED_ID, ServerProgram } from './seed';

// The program's facts (the cohort every program page presents), from one source: the API's GET /api/program. The
// server renders the program pages with them (seed key `program`, the `<script id="program-seed">` beside #root), and
// the browser starts from that seed, so hydration matches; it then asks again, and again whenever a page showing them
// mounts after FRESH_MS. Without a seed (a page reached inside the app) the pages show a neutral placeholder until the
// answer arrives. No TanStack Query and no zod (the answer is typed JSON from our own API): public pages, JS budget.

const FRESH_MS = 15_000;

let current: TProgramView | null = readSeed();
let fetchedAt = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();
// A page without the seed (the store loads on every page: the top bar's payment button) asks at once, so a program
// section reached inside the app draws with its data rather than growing under a scroll to its anchor.
if (typeof document !== 'undefined' && !current) setTimeout(() => void refreshProgram(), 0);

function readSeed(): TProgramView | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(PROGRAM_SEED_ID);
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as TProgramView) : null;
  } catch {
    return null;
  }
}

/** Asks the API again (one request at a time); the pages re-render with the answer. */
export function refreshProgram(): Promise<void> {
  inFlight ??= requestJson('GET', PROGRAM_PATHS.current, undefined)
    .then((view) => {
      current = view as TProgramView;
      fetchedAt = Date.now();
      for (const l of listeners) l();
    })
    .catch((err: unknown) => console.error('Could not load the program', err))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The program view the page shows (null: not known yet, the placeholder's turn); asks the API when stale. */
export function useProgram(): TProgramView | null {
  const server = useContext(ServerProgram);
  // Hydration reads the same seed the server rendered with (in the browser, the one in the page).
  const view = useSyncExternalStore(subscribe, () => current, () => server ?? current);
  useEffect(() => {
    if (Date.now() - fetchedAt > FRESH_MS) void refreshProgram();
  }, []);
  return view;
}
