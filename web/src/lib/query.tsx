import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';

/** Retry network failures and 5xx/429 answers, not other 4xx (duck-typed on ApiError.statusCode so this chunk stays free of zod). */
function isRetryable(err: unknown): boolean {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

const OPTIONS = {
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount: number, error: unknown) => failureCount < 2 && isRetryable(error),
    },
  },
};

/** Query results the server rendered a page with, in the page's HTML so the browser starts from the same data. */
export type QuerySeed = Array<[QueryKey, unknown]>;
/** The id of the `<script type="application/json">` that carries the seed (data, not code: the CSP allows it). */
export const QUERY_SEED_ID = 'query-seed';

/** A query cache holding `seed`: the server renders each page with its own. */
export function seededQueryClient(seed: QuerySeed): QueryClient {
  const client = new QueryClient(OPTIONS);
  for (const [key, data] of seed) client.setQueryData(key, data);
  return client;
}

function readSeed(): QuerySeed {
  const el = typeof document === 'undefined' ? null : document.getElementById(QUERY_SEED_ID);
  if (!el?.textContent) return [];
  try {
    return JSON.parse(el.textContent) as QuerySeed;
  } catch {
    return [];
  }
}

/** The app's one query cache, shared by every page (so it survives navigation between pages), starting from the page's seed. */
export const queryClient = seededQueryClient(readSeed());

/** The cache the server renders one page with (instead of the shared one). */
export const ServerQueryClient = createContext<QueryClient | null>(null);

/**
 * Gives a page the shared query cache. main.tsx wraps each page that uses TanStack Query in it; loading it with the
 * page (not in the entry chunk) keeps the query library off pages that make no API call, such as the landing page.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const server = useContext(ServerQueryClient);
  return <QueryClientProvider client={server ?? queryClient}>{children}</QueryClientProvider>;
}
