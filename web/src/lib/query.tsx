import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

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

/** The app's one query cache, shared by every page (so it survives navigation between pages). */
const queryClient = new QueryClient(OPTIONS);

/**
 * Gives a page the shared query cache. app.tsx (PAGES) wraps each page that uses TanStack Query in it; loading it with the
 * page (not in the entry chunk) keeps the query library off pages that make no API call, such as the landing page.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
