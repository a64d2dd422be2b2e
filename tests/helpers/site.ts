import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { grantAdmin } from '@app/common/server/users.repository';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { DATA_DIR } from '../../scripts/lib/paths';

/** Where the suite writes screenshots for a person to look at (not committed: .data/ is ignored). */
const SCREENSHOT_DIR = path.join(DATA_DIR, 'screenshots');

/**
 * A browser context whose window.open calls are recorded instead of followed (mail drafts, external pages). A blank
 * tab opened ahead of its page (web/src/lib/new-tab.ts) is recorded with the address it is later sent to.
 */
export async function recordingContext(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  // A string, because this program is type-checked without the DOM library.
  await context.addInitScript({
    content: `window.__opened = []; window.open = (url, target) => {
      const entry = { url: String(url ?? ''), target };
      window.__opened.push(entry);
      if (entry.url !== '') return null;
      return { opener: null, closed: false, close() { this.closed = true; }, location: { set href(to) { entry.url = String(to); } } };
    };`,
  });
  return context;
}

/** The window.open calls recorded so far on `page`. */
export function openedUrls(page: Page): Promise<Array<{ url: string; target: string | undefined }>> {
  return page.evaluate('window.__opened') as Promise<Array<{ url: string; target: string | undefined }>>;
}

/** Signs the browser context in through dev sign-in (same session machinery as Discord); optionally as admin. */
export async function signInBrowser(context: BrowserContext, baseUrl: string, db: Knex, username: string, opts: { admin?: boolean; email?: string } = {}): Promise<string> {
  const res = await context.request.post(`${baseUrl}/api/auth/dev-sign-in`, { data: { username, ...(opts.email ? { email: opts.email } : {}) } });
  if (!res.ok()) throw new Error(`dev sign-in failed: ${res.status()} ${await res.text()}`);
  const info = (await (await context.request.get(`${baseUrl}/api/auth/session`)).json()) as { user: { id: string } };
  if (opts.admin) await grantAdmin(db, info.user.id);
  return info.user.id;
}

/** Signs in the way a member does: /auth, 'Login with Discord', the dev sign-in form (without DISCORD_CLIENT_ID). */
export async function signInThroughPage(page: Page, baseUrl: string, username: string, email?: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await page.getByLabel('Username').fill(username);
  if (email) await page.getByLabel('E-mail (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in as this member' }).click();
  await page.waitForURL(/\/community/);
}

/** A new 1280 px context signed in through the page as `username`, on /community. */
export async function pageSignedInThroughPage(browser: Browser, baseUrl: string, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughPage(page, baseUrl, username);
  return { context, page };
}

/** On /admin/payments, refunds the newest $1,000 investment in full and waits until its row says Refunded. */
export async function refundNewestInvestment(adminPage: Page, baseUrl: string): Promise<void> {
  await adminPage.goto(`${baseUrl}/admin/payments?kind=investment`);
  const row = adminPage.getByTestId('admin-payment').first();
  await row.getByText('Paid', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Refund', exact: true }).click();
  await row.getByRole('button', { name: 'Refund $1,000.00' }).click();
  await row.getByText('Refunded', { exact: true }).waitFor({ timeout: 15_000 });
}

/** Waits until the section `id` has been scrolled to (its top near the top of the viewport, under the fixed bar). */
export async function waitScrolledTo(page: Page, id: string): Promise<void> {
  const check = `(() => { const el = document.getElementById(${JSON.stringify(id)}); if (!el) return false; const top = el.getBoundingClientRect().top; return top >= -2 && top < 140; })()`;
  // Polled from the test (page.waitForFunction with a string would need eval, which the site's CSP refuses).
  await expect.poll(() => page.evaluate(check), { timeout: 5000, interval: 100 }).toBe(true);
}

/** Scrolls the whole page down and back up, so parts drawn on approach (QR codes, the chart) are drawn. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(
    '(async () => { for (let y = 0; y < document.documentElement.scrollHeight; y += 500) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 40)); } window.scrollTo(0, 0); })()',
  );
}

/** Writes a full-page screenshot to .data/screenshots/NAME-WIDTH.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A page in a recording context (1280 px) whose console errors are added to `errors`. */
export async function consolePage(browser: Browser, errors: string[]): Promise<Page> {
  const page = await (await recordingContext(browser)).newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return page;
}

/** Stops the page's installed clock where it is now (pauseAt jumps to a time, which must not have passed meanwhile). */
export async function pauseClock(p: Page): Promise<void> {
  for (let ahead = 100; ; ahead *= 2) {
    const now = (await p.evaluate('Date.now()')) as number;
    try {
      await p.clock.pauseAt(now + ahead);
      return;
    } catch (err) {
      if (ahead > 10_000 || !String(err).includes('Cannot fast-forward')) throw err;
    }
  }
}

/**
 * Opens `url` in a new page, collecting the console messages `keep` picks and every page error, and waits until
 * React has attached to the built markup (its root container carries React's internal key). The caller closes it.
 */
export async function openHydratedPage(browser: Browser, url: string, viewport: { width: number; height: number }, keep: (m: ConsoleMessage) => boolean) {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (keep(m)) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.evaluate('Object.keys(document.getElementById("root")).some((k) => k.startsWith("__reactContainer"))'))
      .toBe(true);
  } catch (err) {
    await page.close();
    throw err;
  }
  return { page, problems };
}
