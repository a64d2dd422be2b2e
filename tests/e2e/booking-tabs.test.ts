import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { useE2eSite } from '../helpers/e2e';
import { FORM_B_FILLED } from '../helpers/forms';

const site = useE2eSite();

/** A browser with Chromium's pop-up blocker on, as visitors have it. */
let browser: Browser;
let context: BrowserContext;
let page: Page;

// Records each window.open with whether it ran during a click's own handlers (before any await) and follows it,
// except mail drafts (the mail client is not part of the test). A string: this program is checked without the DOM library.
const RECORD_OPENS = `
  window.__opens = []; window.__inClick = false;
  window.addEventListener('click', () => { window.__inClick = true; setTimeout(() => { window.__inClick = false; }, 0); }, true);
  const open = window.open.bind(window);
  window.open = (url, target, features) => {
    window.__opens.push({ url: String(url ?? ''), target, inClick: window.__inClick });
    return String(url).startsWith('mailto:') ? null : open(url, target, features);
  };`;

const opens = () => page.evaluate('window.__opens') as Promise<Array<{ url: string; target?: string; inClick: boolean }>>;

beforeAll(async () => {
  browser = await launchBrowser({ blockPopups: true });
});
afterAll(async () => {
  await context?.close();
  await browser.close();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: RECORD_OPENS });
  // The scheduling and registration sites are third parties: answered here (this sandbox has no outside network).
  await context.route((url) => url.protocol === 'https:', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Booking</title>' }));
  page = await context.newPage();
});
/** The one tab the page opened, once it shows an address matching `url`. */
async function openedTab(url: RegExp): Promise<Page> {
  await expect.poll(() => context.pages().length, { timeout: 5000 }).toBe(2);
  const tab = context.pages()[1]!;
  await tab.waitForURL(url, { timeout: 5000 });
  const [first] = await opens();
  expect(first?.inClick, 'the tab opens within the click').toBe(true);
  return tab;
}

async function scheduleConsultation(): Promise<void> {
  await page.goto(`${site.app.baseUrl}/#partnership`);
  await page.locator('#partnership').getByRole('button', { name: 'Schedule a Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a Sector Consultation' });
  await dialog.getByRole('combobox', { name: 'Sector' }).click();
  await page.getByRole('option', { name: 'Family' }).click();
  await dialog.getByRole('combobox', { name: 'Time Commitment' }).click();
  await page.getByRole('option', { name: '6-10 hours per week' }).click();
  await dialog.getByRole('button', { name: 'Schedule Consultation' }).click();
}

async function sendRegistration(): Promise<void> {
  await page.goto(`${site.app.baseUrl}/incubator`);
  const form = page.getByRole('form', { name: 'Incubator registration' });
  for (const [label, value] of Object.entries(FORM_B_FILLED)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Submit Application' }).click();
}

describe('the consultation dialog with a pop-up blocker', () => {
  it('opens the scheduling tab in the click, then sends it to the booking page', async () => {
    await scheduleConsultation();
    const tab = await openedTab(/^https:\/\/.*sector=Family/);
    expect(new URL(tab.url()).searchParams.get('time_commitment')).toBe('6-10 hours per week');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('still opens the booking page when the request cannot be stored, and says it failed', async () => {
    await page.route('**/api/forms/consultation', (route) => route.abort('internetdisconnected'));
    await scheduleConsultation();
    await openedTab(/^https:\/\/.*sector=Family/);
    await page.getByText('Submission Error').first().waitFor();
  });
});

describe('registration form B with a pop-up blocker', () => {
  it('opens the registration tab in the click and sends it to the registration page after the mail draft', async () => {
    await sendRegistration();
    await openedTab(/^https:\/\//);
    expect((await opens()).some((o) => o.url.startsWith('mailto:'))).toBe(true);
  });

  it('still opens the registration page when the form cannot be stored, and says it failed', async () => {
    await page.route('**/api/forms/incubator-registration', (route) => route.abort('internetdisconnected'));
    await sendRegistration();
    await openedTab(/^https:\/\//);
    await page.getByText('Submission Error').first().waitFor();
  });
});
