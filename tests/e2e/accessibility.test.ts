import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@app/common/routes';
import { seedDemo } from '../../scripts/lib/seed';
import { useE2eSite } from '../helpers/e2e';
import { signInBrowser } from '../helpers/site';

const site = useE2eSite();

/** A seeded member whose profile the `/profile/:username` route opens. */
const PROFILE_OF = 'amara_okafor';
const WIDTHS = [1280, 375] as const;
const ROLES = ['signed out', 'member', 'admin'] as const;

/** The address a visitor opens for each route (the one parameterised route gets a seeded member). */
const paths = WEB_ROUTES.map((route) => route.replace(':username', PROFILE_OF));

/** One line per violation: rule, then the elements it names (enough to find them). */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Long-lived connections (the ledger's event stream, the live socket) are open for as long as the page is. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);

/** Follows the page's requests, so {@link settle} knows which are still in flight. */
function trackRequests(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (!LONG_LIVED.has(r.resourceType())) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return inFlight;
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
 * finished). page.goto has already waited for the app to start (tests/helpers/browser.ts).
 */
async function settle(page: Page, inFlight: Set<Request>): Promise<void> {
  const deadline = Date.now() + 15_000;
  let lastHref = '';
  for (;;) {
    if (inFlight.size === 0) {
      const { href, loading } = await page.evaluate(pageState);
      if (!loading && inFlight.size === 0 && href === lastHref) return;
      lastHref = href;
    }
    if (Date.now() > deadline) throw new Error(`still loading: ${[...inFlight].map((r) => r.url()).join(', ') || 'a loading status or an empty page is shown'}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Runs axe on the page. Without child frames it is one axe.run in the page (legacy mode); the default runs axe in each
 * frame and then combines the results in a fresh blank page, which took about twice as long here for the same
 * results. A page with frames gets the default, which also checks frames from other origins.
 */
function analyze(page: Page): ReturnType<AxeBuilder['analyze']> {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
}

beforeAll(async () => {
  await seedDemo(site.app.database.db);
});

// One browser for the whole file and one page per role, reused for every route and both widths: 144 checks in all.
describe.each(ROLES)('axe-core, %s', (role) => {
  let context: BrowserContext;
  let page: Page;
  let inFlight: Set<Request>;
  beforeAll(async () => {
    // Colours that fade (the landing page's rotating feature card) are checked at rest: axe reads an instant, and a
    // fade caught half-way is between two palettes that each pass. The pages honour reduced motion (public-site test).
    context = await site.browser.newContext({ viewport: { width: WIDTHS[0], height: 900 }, reducedMotion: 'reduce' });
    if (role !== 'signed out') await signInBrowser(context, site.app.baseUrl, site.app.database.db, `axe_${role}`, { admin: role === 'admin' });
    page = await context.newPage();
    inFlight = trackRequests(page);
  });
  afterAll(async () => {
    await context.close();
  });

  // One load per route: the page is checked at 1280 px, then narrowed to 375 px (the layout is CSS media queries) and checked again.
  it.each(paths)('%s has no violations at 1280 and 375 px', { timeout: 120_000 }, async (path) => {
    const found: string[] = [];
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(`${site.app.baseUrl}${path}`);
    await settle(page, inFlight);
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
