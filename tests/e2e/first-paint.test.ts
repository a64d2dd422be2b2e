import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '@app/common/routes';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { useE2eSite } from '../helpers/e2e';

// A person does not wait for the app: they type and click as soon as the page shows the control. These tests act on
// the prerendered HTML at once (page.goto with waitUntil 'commit' does not wait for data-app-ready), on a CPU slowed
// 4x as on a mid-range phone, so the first keystrokes and clicks land before the app has taken over the page.

const site = useE2eSite();

beforeAll(async () => {
  await appendLedgerRows(site.app.database.db, [
    { investor_id: 'ADX4242', purchase_date: '2025-06-01', investment_amount_usd: '1234.50', tokens_to_be_distributed: '12345.00000000', source: 'admin' },
    { investor_id: 'ADX4343', purchase_date: '2025-06-02', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' },
  ]);
});

/**
 * A page on a CPU slowed 4x (Chrome DevTools Protocol), opened at `path` and waited for only until its HTML is parsed
 * (while Chromium is still parsing, a click can land on a control the layout then moves; a person sees the page
 * settle first). The app starts after the first paint, so it is not ready yet. `prepare` runs on the new page before it
 * navigates.
 */
async function openSlowed(path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await prepare?.(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${site.app.baseUrl}${path}`, { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/**
 * Opens `path` as openSlowed does, with the app's code (every script the page asks for) held back until `release`: on
 * a busy machine the app may otherwise be ready before the test has acted, and the test would prove nothing.
 */
async function openWithCodeHeld(path: string): Promise<{ page: Page; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const page = await openSlowed(path, (p) =>
    p.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    }),
  );
  return { page, release };
}

const submissions = () => site.app.database.db('form_submissions').where({ form: 'incubator_application' });
const fieldMessages = (form: Locator) => form.locator('p[id$="-error"]').allInnerTexts();

/** Searches the ledger for ADX4242 and checks the page shows that one row as the search's answer. */
async function expectLedgerSearch(page: Page): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Investor ID' });
  await box.fill('ADX4242');
  await box.press('Enter');
  await page.waitForURL(/[?&]search=ADX4242\b/);
  await page.getByText('Found 1 matching record(s)').waitFor();
  // Rows that answer a search are marked as matches (web/src/features/ledger/LedgerTable.tsx).
  await expect.poll(() => page.getByTestId('ledger-row-match').allInnerTexts()).toEqual([expect.stringContaining('ADX4242')]);
  expect(await box.inputValue()).toBe('ADX4242');
}

describe('input before the app has started (CPU 4x slower)', () => {
  it('the ledger search keeps what was typed and runs the search on Enter', async () => {
    const page = await openSlowed('/token-ledger');
    try {
      await expectLedgerSearch(page);
    } finally {
      await page.close();
    }
  });

  it('an empty form A shows its field messages', async () => {
    const page = await openSlowed('/incubator-application');
    try {
      const form = page.getByRole('form', { name: 'Incubator application' });
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await expect.poll(() => fieldMessages(form), { timeout: 20_000 }).toHaveLength(7);
      expect(page.url()).toBe(`${site.app.baseUrl}/incubator-application`);
      expect(await submissions()).toHaveLength(0);
    } finally {
      await page.close();
    }
  });

  it('the page stays where the person scrolled to while the app starts', async () => {
    const { page, release } = await openWithCodeHeld('/incubator-application');
    try {
      await page.getByRole('button', { name: 'Submit Application' }).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      // Moving the page now would send a click on its way to whatever comes under the pointer instead.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    } finally {
      release();
      await page.close();
    }
  });

  it('a held submit reaches the form when the page was drawn anew before the app took it', async () => {
    const { page, release } = await openWithCodeHeld('/incubator-application');
    try {
      const form = page.getByRole('form', { name: 'Incubator application' });
      await form.getByRole('button', { name: 'Submit Application' }).click();
      // What React does when hydration fails (it draws that part of the page again): the form pressed is no longer
      // the one in the page when the app is ready.
      await page.evaluate(() => {
        const held = document.querySelector('form[aria-label="Incubator application"]');
        held?.replaceWith(held.cloneNode(true));
      });
      release();
      await expect.poll(() => fieldMessages(form), { timeout: 20_000 }).toHaveLength(7);
      expect(page.url()).toBe(`${site.app.baseUrl}/incubator-application`);
    } finally {
      release();
      await page.close();
    }
  });

  it('a filled form A is submitted once, with what was typed', async () => {
    const page = await openSlowed('/incubator-application');
    try {
      const form = page.getByRole('form', { name: 'Incubator application' });
      await form.getByLabel('First Name').fill('Grace');
      await form.getByLabel('Last Name').fill('Hopper');
      await form.getByLabel('Email').fill('grace@example.org');
      await form.getByLabel('Phone Number').fill('555-123-4567');
      await form.getByLabel('Your Business Idea').fill('A compiler school for neighbourhood kids, taught on Saturdays in the library.');
      await form.getByRole('checkbox', { name: /attending all 12 weekly sessions/ }).click();
      await form.getByRole('checkbox', { name: /terms and conditions/ }).click();
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Application Submitted!').first().waitFor({ timeout: 20_000 });
      // A second send (the held-back submit replayed twice, or sent natively too) would land within this time.
      await page.waitForTimeout(1_000);
      const rows = await submissions();
      expect(rows).toHaveLength(1);
      expect(rows[0].payload).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', commitment: true, termsAccepted: true });
      expect(page.url()).toBe(`${site.app.baseUrl}/incubator-application`);
    } finally {
      await page.close();
    }
  });
});

describe('without JavaScript', () => {
  it('the ledger search is a form the server answers with the searched page, at the address the app uses', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/token-ledger`, { waitUntil: 'commit' });
      await expectLedgerSearch(page);
      expect(new URL(page.url()).pathname).toBe('/token-ledger');
    } finally {
      await context.close();
    }
  });
});

/** The text of each heading on the page, in document order (visible ones only, when `visible`). */
function headings(page: Page, visible: boolean): Promise<string[]> {
  return page.evaluate(
    (onlyVisible) =>
      Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
        .filter((h) => !onlyVisible || h.checkVisibility())
        .map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()),
    visible,
  );
}

describe('the prerendered HTML', () => {
  it.each(PUBLIC_ROUTES)('of %s carries every heading a reader sees once the app has loaded', async (path) => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const html = await noScript.newPage();
      // 'commit': the page has no script to wait for (tests/helpers/browser.ts otherwise waits for the app).
      await html.goto(`${site.app.baseUrl}${path}`, { waitUntil: 'commit' });
      await html.waitForLoadState('load');
      const inHtml = await headings(html, false);
      // goto waits for the app (tests/helpers/browser.ts); then for what it loads after that.
      await page.goto(`${site.app.baseUrl}${path}`, { waitUntil: 'networkidle' });
      const seen = await headings(page, true);
      expect(seen.length).toBeGreaterThan(0);
      expect(inHtml).toEqual(expect.arrayContaining(seen));
    } finally {
      await page.close();
      await noScript.close();
    }
    // Two loads of the page, one waiting for the network to go quiet: slow on a busy machine.
  }, 120_000);
});
