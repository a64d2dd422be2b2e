/** The product name shown in the top bar, footer and page titles; set VITE_PRODUCT_NAME to change it. */
export const PRODUCT_NAME: string = (import.meta.env.VITE_PRODUCT_NAME as string | undefined)?.trim() || 'ADX Trust';

/** Builds a document title such as "Token Ledger · ADX Trust". */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
