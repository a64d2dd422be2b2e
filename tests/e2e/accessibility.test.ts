import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
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

/** Waits until the page's own requests have settled (queries answered, lazy parts loaded), briefly. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.getByRole('status', { name: /Loading|Checking/ }).first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

beforeAll(async () => {
  await seedDemo(site.app.database.db);
});

// One browser for the whole file and one page per role, reused for every route and both widths: 144 checks in all.
describe.each(ROLES)('axe-core, %s', (role) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // Colours that fade (the landing page's rotating feature card) are checked at rest: axe reads an instant, and a
    // fade caught half-way is between two palettes that each pass. The pages honour reduced motion (public-site test).
    context = await site.browser.newContext({ viewport: { width: WIDTHS[0], height: 900 }, reducedMotion: 'reduce' });
    if (role !== 'signed out') await signInBrowser(context, site.app.baseUrl, site.app.database.db, `axe_${role}`, { admin: role === 'admin' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  // One load per route: the page is checked at 1280 px, then narrowed to 375 px (the layout is CSS media queries) and checked again.
  it.each(paths)('%s has no violations at 1280 and 375 px', { timeout: 120_000 }, async (path) => {
    const found: string[] = [];
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(`${site.app.baseUrl}${path}`);
    await settle(page);
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      }
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(...describeViolations(violations).map((line) => `${width}px ${line}`));
    }
    expect(found).toEqual([]);
  });
});
