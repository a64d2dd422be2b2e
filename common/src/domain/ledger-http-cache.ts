// Without zod: the public ledger page reads this too (it ships no zod).

/**
 * How long browsers and the proxy (deploy/nginx.conf) may reuse a public ledger answer (summary, page, search)
 * without asking the API, and how long past that a stale one may stand in while a fresh one is fetched. Short,
 * so a new row is everywhere within seconds; the live page asks once more after max-age (web/src/features/ledger/live.ts).
 */
export const LEDGER_CACHE = { maxAgeS: 2, staleWhileRevalidateS: 30 } as const;

/** The Cache-Control header of a public ledger answer. */
export const LEDGER_CACHE_CONTROL = `public, max-age=${LEDGER_CACHE.maxAgeS}, stale-while-revalidate=${LEDGER_CACHE.staleWhileRevalidateS}`;
