import { createContext } from 'react';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import type { TLedgerPage, TLedgerSummary } from '@app/common/schemas/ledger';

// The public ledger's two reads, kept without TanStack Query (8.6 KB off the page's 110 KB JS budget,
// docs/decisions/0002-public-ledger-page-weight.md): one small store of
// answers by URL, read with useSyncExternalStore (use-ledger-data.ts). It does what the page needed from the query
// library: answers shared between mounts and fresh for 30 s, concurrent asks of one URL sharing one request, two
// retries of network errors, 5xx and 429, and a refetch of everything on screen when the ledger changes (live.ts).

/** How long an answer is used without asking again (as the query cache's staleTime was). */
const FRESH_MS = 30_000;
/** Retries after a failed read (network error, 5xx, 429), waiting 1 s then 2 s. */
const RETRIES = 2;

/** What the store knows about one URL. Replaced, never changed in place (useSyncExternalStore compares snapshots). */
export interface Entry<T = unknown> {
  data: T | undefined;
  error: unknown;
  /** When `data` was asked for (ms). */
  at: number;
  /** The store's change count when `data` was asked for: older than the store's means the ledger changed since. */
  generation: number;
  fetching: boolean;
}

/** The first page's data the server rendered /token-ledger with; the browser starts from the same (no mismatch). */
export interface LedgerSeed {
  summary: TLedgerSummary;
  page: TLedgerPage;
  /** The search `page` answers ('' or absent: none). */
  search?: string;
}

/** The id of the `<script type="application/json">` that carries the seed (data, not code: the CSP allows it). */
export const LEDGER_SEED_ID = 'ledger-seed';

/** The URLs of the two reads; the seed's page is the first page of `pageSize` rows of its search. */
export const SUMMARY_URL = LEDGER_PATHS.summary;
export function pageUrl(q: { search: string; page: number; pageSize: number; after?: string; before?: string }): string {
  const params = new URLSearchParams({ search: q.search, page: String(q.page), pageSize: String(q.pageSize) });
  if (q.after) params.set('after', q.after);
  else if (q.before) params.set('before', q.before);
  return `${LEDGER_PATHS.page}?${params.toString()}`;
}

function isRetryable(err: unknown): boolean {
  if ((err as { name?: unknown } | null)?.name === 'AbortError') return false;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers by URL with their listeners; one per browser tab, and one per server render (seeded). */
export class LedgerStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  /** URLs being loaded now. */
  private readonly loading = new Set<string>();
  /** Counts ledger changes heard (changed()). */
  private generation = 0;

  constructor(seed: LedgerSeed | null, pageSize: number) {
    if (!seed) return;
    const at = Date.now();
    this.entries.set(SUMMARY_URL, { data: seed.summary, error: null, at, generation: 0, fetching: false });
    this.entries.set(pageUrl({ search: seed.search ?? '', page: 1, pageSize }), { data: seed.page, error: null, at, generation: 0, fetching: false });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(url: string): Entry | undefined {
    return this.entries.get(url);
  }

  private set(url: string, entry: Entry): void {
    this.entries.set(url, entry);
    for (const listener of this.listeners) listener();
  }

  /** Whether `entry` should be asked for again: none yet, from before a ledger change, or older than 30 s. */
  private outdated(entry: Entry | undefined): boolean {
    return !entry || entry.generation < this.generation || Date.now() - entry.at > FRESH_MS;
  }

  /**
   * Loads `url` when its answer is missing or outdated (or always, with `force`), unless a load is under way. A load
   * that started before a change is followed by another one (`ensure` is called again when it settles, as the entry
   * it leaves is outdated), so what ends on screen was asked for after the last change.
   */
  ensure<T>(url: string, load: (url: string) => Promise<T>, force = false): void {
    const current = this.entries.get(url);
    if (this.loading.has(url)) return;
    // A failed read is tried again on the Retry button (force) or after the next change, not in a loop.
    if (!force && current && (current.error ? current.generation === this.generation : !this.outdated(current))) return;
    const generation = this.generation;
    const at = Date.now();
    // Marked before the readers hear of it, so none of them starts a second load of the same URL.
    this.loading.add(url);
    this.set(url, { data: current?.data, error: current?.error ?? null, at: current?.at ?? 0, generation: current?.generation ?? -1, fetching: true });
    const run = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await load(url);
          const before = this.entries.get(url);
          // The same answer as before keeps the same object, so the page does not render again for nothing.
          const same = before?.data !== undefined && JSON.stringify(before.data) === JSON.stringify(data);
          // Done before telling the readers: one that finds this answer outdated must be able to ask again at once.
          this.loading.delete(url);
          this.set(url, { data: same ? before.data : data, error: null, at, generation, fetching: false });
          return;
        } catch (err) {
          if (attempt < RETRIES && isRetryable(err)) {
            await sleep(1_000 * 2 ** attempt);
            continue;
          }
          const before = this.entries.get(url);
          this.loading.delete(url);
          this.set(url, { data: before?.data, error: err, at: before?.at ?? 0, generation, fetching: false });
          return;
        }
      }
    };
    void run();
  }

  /** The ledger changed (or the live stream (re)opened): every answer is outdated; the page asks again for what it shows. */
  changed(): void {
    this.generation++;
    // New objects, so every reader sees a new snapshot and asks again (a load under way is followed by another).
    for (const [url, entry] of this.entries) this.entries.set(url, { ...entry });
    for (const listener of this.listeners) listener();
  }
}

/** The store a server render reads (seeded with the figures it renders); the browser uses its own (use-ledger-data.ts). */
export const ServerLedgerStore = createContext<LedgerStore | null>(null);
