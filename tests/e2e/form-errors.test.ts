import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordingContext } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';
import { FORM_A_EMPTY_MESSAGES, FORM_B_EMPTY_MESSAGES } from '../helpers/forms';

const site = useE2eSite();

/** The id of the element that has focus. */
const focusedId = (page: Page) => page.evaluate('document.activeElement?.id ?? null') as Promise<string | null>;

/**
 * Submits the empty form at once, then checks what a person sees: focus on the first field, and a summary (an alert)
 * listing every message as a link to its field; following the last link focuses that field.
 */
async function checkFailedSubmit(page: Page, formName: string, firstLabel: string, messages: string[]): Promise<void> {
  const form = page.getByRole('form', { name: formName });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  const summary = form.getByRole('alert');
  await summary.waitFor();
  const links = summary.getByRole('link');
  expect(await links.allInnerTexts()).toEqual(messages);
  await expect.poll(() => focusedId(page)).toBe(await form.getByLabel(firstLabel).getAttribute('id'));
  const last = links.last();
  const target = (await last.getAttribute('href'))!.slice(1);
  await last.click();
  await expect.poll(() => focusedId(page)).toBe(target);
  expect(await page.locator(`[id="${target}"]`).getAttribute('aria-invalid')).toBe('true');
}

describe('a failed submit of the incubator forms', () => {
  it('form A focuses the first bad field and lists all seven in a summary', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/incubator-application`);
    await checkFailedSubmit(page, 'Incubator application', 'First Name', FORM_A_EMPTY_MESSAGES);
    await page.close();
  });

  it('form B focuses the first bad field and lists all eight in a summary', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/incubator`);
    await checkFailedSubmit(page, 'Incubator registration', 'First Name', FORM_B_EMPTY_MESSAGES);
    await page.close();
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the donation dialog on a 375 × 667 phone', () => {
  it('says a failed donation without covering the Donate button', async () => {
    const context = await recordingContext(site.browser, { width: 375, height: 667 });
    const page: Page = await context.newPage();
    // The connection drops when the donation is sent.
    await page.route('**/api/payments/donations', (route) => route.abort('internetdisconnected'));
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('banner').locator('button[aria-label$=" menu"]').click();
    await page.getByRole('banner').getByRole('button', { name: /Donate/ }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Support the Movement' });
    await dialog.getByRole('button', { name: '$50', exact: true }).click();
    const donate = dialog.getByRole('button', { name: /^Donate/ });
    await donate.click();
    const message = page.getByText('Failed to process donation. Please try again.');
    await message.waitFor();
    await donate.scrollIntoViewIfNeeded();
    const button = await donate.boundingBox();
    const said = await message.boundingBox();
    expect(button && said).toBeTruthy();
    expect(overlaps(said!, button!)).toBe(false);
    // Nothing else (a toast) lies over the button either: the visitor can press it again at once.
    const hit = await page.evaluate(
      `(() => { const b = [...document.querySelectorAll('[role=dialog] button')].find((e) => /^Donate/.test(e.textContent)); const r = b.getBoundingClientRect(); const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return b.contains(at); })()`,
    );
    expect(hit).toBe(true);
    await context.close();
  });
});
