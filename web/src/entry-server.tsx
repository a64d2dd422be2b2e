import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { TLedgerPage, TLedgerSummary } from '@app/common/schemas/ledger';
import type { TProgramView } from '@app/common/schemas/program';
import { App } from './app';
import { LEDGER_SEED_ID, LedgerStore, ServerLedgerStore, type LedgerSeed } from './features/ledger/store';
import { LEDGER_PAGE_SIZE } from './features/ledger/texts';
import { PROGRAM_SEED_ID, ServerProgram } from './features/program/seed';

export { composePage, headTags, ORIGIN_TOKEN } from './features/site/head';
export { pageMeta, SHARE_IMAGE } from './features/site/seo';
export { LEDGER_SEED_ID, PROGRAM_SEED_ID };
export { PRODUCT_NAME } from './components/brand';

/**
 * The HTML of the page at `url` once every lazy page and all its data are in (React's static prerender), for the
 * browser to hydrate. `seed` is the ledger data /token-ledger renders with, `program` the program view (seed key
 * `program`) the program pages render with; the browser must start from the same.
 */
export async function renderPage(url: string, seed: LedgerSeed | null = null, program: TProgramView | null = null): Promise<string> {
  const store = new LedgerStore(seed, LEDGER_PAGE_SIZE);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <ServerLedgerStore value={store}>
        <ServerProgram value={program}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </ServerProgram>
      </ServerLedgerStore>
    </StrictMode>,
    // One piece: a large boundary would otherwise be sent apart with an inline script to move it in place, which
    // our CSP (no inline scripts) blocks. Errors fail the build rather than leaving a page to render in the browser.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}

/** The data /token-ledger renders its first paint with: the summary and the first page of `search` ('' for all). */
export function ledgerSeed(summary: TLedgerSummary, page: TLedgerPage, search = ''): LedgerSeed {
  return { summary, page, search };
}
