import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordingContext } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

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
