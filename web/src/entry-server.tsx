import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { TLedgerPage, TLedgerSummary } from '@app/common/schemas/ledger';
import type { TProgramView } from '@app/common/schemas/program';
import type { TSiteData } from '@app/common/schemas/site';
import { App } from './app';
import { LEDGER_SEED_ID, LedgerStore, ServerLedgerStore, type LedgerSeed } from './features/ledger/store';
import { LEDGER_PAGE_SIZE } from './features/ledger/texts';
import { PROGRAM_SEED_ID, ServerProgram } from './features/program/seed';
import { composePage, headTags, ORIGIN_TOKEN } from './features/site/head';
import { pageMeta, type MetaRoute } from './features/site/seo';
import { SiteProvider } from './features/site/site-data';
import { SITE_SEED_ID } from '@app/common/api/site-paths';

export { SHARE_IMAGE } from './features/site/seo';
export { PRODUCT_NAME } from './components/brand';

/**
 * The HTML of the page at `url` once every lazy page and all its data are in (React's static prerender), for the
 * browser to hydrate. `seed` is the ledger data /token-ledger renders with, `site` the site data every page renders
 * with (settings, token sale), `program` the program view (the cohort presented) the program pages render with; the
 * browser must start from the same (they are embedded in the page beside it).
 */
async function renderPage(url: string, seed: LedgerSeed | null, site: TSiteData | null, program: TProgramView | null): Promise<string> {
  const store = new LedgerStore(seed, LEDGER_PAGE_SIZE);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider initial={site}>
        <ServerLedgerStore value={store}>
          <ServerProgram value={program}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </ServerProgram>
        </ServerLedgerStore>
      </SiteProvider>
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

/**
 * One whole page: `shell` (the built index.html with the loader, scripts/prerender-web.ts) with the head of `route`
 * (title, description, share tags, JSON-LD from the site's settings) and the body rendered at `url`, and the data it
 * was rendered with in JSON blocks, so the browser hydrates from exactly the same. ORIGIN_TOKEN stands for PUBLIC_URL.
 */
export async function renderDocument(
  shell: string,
  page: { route: MetaRoute; url: string; index: boolean; site: TSiteData; ledger?: LedgerSeed | null; program?: TProgramView | null },
): Promise<string> {
  const path = page.route === '404' ? '/404' : page.route;
  const program = page.program ?? null;
  const head = headTags(pageMeta(page.route, ORIGIN_TOKEN, page.site, program), path, { index: page.index });
  const body = await renderPage(page.url, page.ledger ?? null, page.site, program);
  const data = [
    { id: SITE_SEED_ID, json: page.site },
    ...(page.ledger ? [{ id: LEDGER_SEED_ID, json: page.ledger }] : []),
    ...(program ? [{ id: PROGRAM_SEED_ID, json: program }] : []),
  ];
  return composePage(shell, head, body, data);
}
