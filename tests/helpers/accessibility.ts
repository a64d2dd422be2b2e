// The axe-core walk over every page, shared by the e2e files that each run it for one role
// (tests/e2e/accessibility-*.test.ts): one file per role lets the two workers run the roles side by side.
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults, RunOptions } from 'axe-core';
import { createRequire } from 'node:module';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@app/common/routes';
import { seedDemo } from '../../scripts/lib/seed';
import { useE2eSite } from './e2e';
import { signInBrowser } from './site';

/** A seeded member whose profile the `/profile/:username` route opens. */
const PROFILE_OF = 'amara_okafor';
const WIDTHS = [1280, 375] as const;

/** The address a visitor opens for each route (the one parameterised route gets a seeded member). */
const paths = WEB_ROUTES.map((route) => route.replace(':username', PROFILE_OF));

/** One line per violation: rule, then the elements it names (enough to find them). */
function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Long-lived connections (the ledger's event stream, the live socket) are open for as long as the page is. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);

/** The page's requests still in flight, and a promise that resolves when none is. */
interface Requests {
  readonly inFlight: ReadonlySet<Request>;
  idle(): Promise<void>;
}

/** Follows the page's requests, so {@link settle} knows which are still in flight. */
function trackRequests(page: Page): Requests {
  const inFlight = new Set<Request>();
  let waiting: Array<() => void> = [];
  const done = (r: Request) => {
    inFlight.delete(r);
    if (inFlight.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on('request', (r) => {
    if (!LONG_LIVED.has(r.resourceType())) inFlight.add(r);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { inFlight, idle: () => (inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))) };
}

/**
 * What the page shows after it has drawn two frames: its address, and whether it is still on the way — a loading status
 * (a page's code or its data), or an empty main area (a redirect inside a transition keeps the old page, which drew
 * nothing, on screen until the next page's code has loaded).
 */
const pageState = () =>
  new Promise<{ href: string; loading: boolean }>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const status = Array.from(document.querySelectorAll('[role="status"]')).some((e) => /Loading|Checking/.test(e.textContent ?? ''));
        const main = document.querySelector('main');
        const blank = !main || (main as HTMLElement).innerText.trim() === '';
        resolve({ href: location.href, loading: status || blank });
      }),
    ),
  );

/**
 * Waits until the page has settled: every request it made has been answered (queries, lazy parts such as the user
 * menu), and after two more frames (a request an answer leads to has been made by then) none is in flight, nothing
 * shows it is still loading, and the address is the one seen at the previous look (a client-side redirect has
 * finished). page.goto has already waited for the app to start (tests/helpers/browser.ts). It looks again as soon as
 * the last request is answered, or at once after a look that was not settled (a look itself lasts two frames).
 */
async function settle(page: Page, requests: Requests): Promise<void> {
  const deadline = Date.now() + 15_000;
  let lastHref = '';
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
    const outcome = await Promise.race([requests.idle(), late]);
    clearTimeout(timer);
    if (outcome === 'late') throw new Error(`still loading: ${[...requests.inFlight].map((r) => r.url()).join(', ')}`);
    const { href, loading } = await page.evaluate(pageState);
    if (!loading && requests.inFlight.size === 0 && href === lastHref) return;
    lastHref = href;
    if (Date.now() > deadline) throw new Error(`still loading: ${[...requests.inFlight].map((r) => r.url()).join(', ') || 'a loading status or an empty page is shown'}`);
  }
}

/** The axe-core AxeBuilder runs: its own dependency, which can be another version than the one `axe-core` resolves to here. */
const axeSource = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/**
 * axe builds the full node data (selector, HTML snippet, checks) only for the violations: the passes, the inapplicable
 * and the incomplete rules keep one node each. Which rules run and what they find is unchanged (the violations were
 * the same with and without it, injected ones too); the results were 2–7 times smaller and the run quicker.
 */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Runs axe on the page. Without child frames it is one axe.run in the page, as AxeBuilder's legacy mode does, but with
 * axe's source (1.3 MB) evaluated once per document: AxeBuilder evaluates it twice on every analysis, which took
 * 0.1–0.4 s each time on a busy machine, and both widths are checked on one document. A second run on the same axe
 * starts clean (axe.run clears its caches and tree when it ends): the same violations as a fresh AxeBuilder at either
 * width, one seen only at 375 px included. The default, for a page with
 * frames, runs axe in each frame and combines the results in a fresh blank page (about twice as long here for the same
 * results), and also checks frames from other origins.
 */
async function analyze(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(AXE_OPTIONS).analyze();
  // The configuration AxeBuilder's legacy mode gives axe (it only changes the help links' branding).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`);
  return page.evaluate((options) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options), AXE_OPTIONS);
}

/** The roles the pages are checked as. */
export type AxeRole = 'signed out' | 'member' | 'admin';

/**
 * Registers the axe checks of every route at 1280 and 375 px for one role, on a site of the file's own: one browser
 * context and one page for the role, reused for every route and both widths. Call it once at the top of a test file.
 */
export function describeAxeChecks(role: AxeRole): void {
  const site = useE2eSite();

  beforeAll(async () => {
    await seedDemo(site.app.database.db);
  });

  describe(`axe-core, ${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    let requests: Requests;
    beforeAll(async () => {
      // Colours that fade (the landing page's rotating feature card) are checked at rest: axe reads an instant, and a
      // fade caught half-way is between two palettes that each pass. The pages honour reduced motion (public-site test).
      context = await site.browser.newContext({ viewport: { width: WIDTHS[0], height: 900 }, reducedMotion: 'reduce' });
      if (role !== 'signed out') await signInBrowser(context, site.app.baseUrl, site.app.database.db, `axe_${role}`, { admin: role === 'admin' });
      page = await context.newPage();
      requests = trackRequests(page);
    });
    afterAll(async () => {
      await context.close();
    });

    // One load per route: the page is checked at 1280 px, then narrowed to 375 px (the layout is CSS media queries) and checked again.
    it.each(paths)('%s has no violations at 1280 and 375 px', { timeout: 120_000 }, async (path) => {
      const found: string[] = [];
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(`${site.app.baseUrl}${path}`);
      await settle(page, requests);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: 900 });
          await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        }
        const { violations } = await analyze(page);
        found.push(...describeViolations(violations).map((line) => `${width}px ${line}`));
      }
      expect(found).toEqual([]);
    });
  });
}
