// The investor-ID search rule, without zod: the API's query schema (schemas/ledger.ts) checks it with these, and the
// public ledger page checks what is typed with `isLedgerSearch` (the page ships no zod).

/** Investor IDs are upper-case codes such as ADX0001; the search accepts any part of one. */
export const INVESTOR_ID_SEARCH_MAX = 32;

/** Letters, digits and dashes only. */
export const LEDGER_SEARCH_PATTERN = /^[A-Za-z0-9-]*$/;

/** Whether a (trimmed) search is one the API accepts. */
export function isLedgerSearch(search: string): boolean {
  const s = search.trim();
  return s.length <= INVESTOR_ID_SEARCH_MAX && LEDGER_SEARCH_PATTERN.test(s);
}
