import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consolePage, recordingContext, waitScrolledTo } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();
const consoleErrors: string[] = [];
let page: Page;
beforeAll(async () => {
  page = await consolePage(site.browser, consoleErrors);
});

describe('the mobile menu (375 px)', () => {
  it('has the same links and closes after following one', async () => {
    const phone = await recordingContext(site.browser, { width: 375, height: 740 });
    const p = await phone.newPage();
    await p.goto(`${site.app.baseUrl}/pitch-deck`);
    expect(await p.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = p.getByRole('banner').locator('button[aria-label$=" menu"]');
    await toggle.click();
    expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
    for (const [label, target] of [
      ['Events', '/#events'],
      ['Pitch Deck', '/pitch-deck'],
      ['Incubator', '/#incubator'],
      ['Partnership', '/#partnership'],
      ['Get Involved', '/#get-involved'],
      ['DOG POUND', '/dog-pound'],
      ['Directory', '/community'],
      ['Security', '/security'],
      ['Join Community', '/auth'],
    ] as const) {
      const link = p.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('href'), label).toBe(target);
    }
    await p.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Incubator', exact: true }).click();
    await p.waitForURL(`${site.app.baseUrl}/#incubator`);
    await waitScrolledTo(p, 'incubator');
    expect(await p.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
    await toggle.click();
    await p.keyboard.press('Escape');
    expect(await p.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
    await phone.close();
  });
});

describe('the app shell', () => {
  it('loads the landing page code with the entry of /, and nothing extra elsewhere', async () => {
    const home = await (await fetch(`${site.app.baseUrl}/`)).text();
    // Handed to the loader that starts the app after the first paint (tests/e2e/public-pages.test.ts checks when).
    expect(home).toMatch(/<script data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/Home-[\w-]+\.js[^"]*">/);
    const other = await (await fetch(`${site.app.baseUrl}/dog-pound`)).text();
    expect(other).not.toContain('/assets/Home-');
    const js = await fetch(`${site.app.baseUrl}${/data-entry="(\/assets\/index-[\w-]+\.js)"/.exec(home)![1]}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.headers.get('content-encoding')).toBe('br');
  });
});

describe('not found', () => {
  it('answers 404 and logs the requested path', async () => {
    const res = await page.goto(`${site.app.baseUrl}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    // The page is in the HTML (prerendered); the log comes once the app has started.
    await expect.poll(() => consoleErrors.some((e) => e.includes('/no/such/page'))).toBe(true);
  });
});
