// One token price: for the same dollar amount the pitch-deck calculator, the investment portal and the donation
// dialog show the same token count, which is what the ledger row records; an admin who changes the rate on
// /admin/settings changes all three, and no row already on the ledger.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eSite } from '../helpers/e2e';
import { screenshot, signInBrowser, signInThroughPage } from '../helpers/site';
import { eventually } from '../helpers/worker';

const site = useE2eSite({ worker: true });

/** The token counts the three pages show for $`dollars` (a visitor on the pitch deck and the landing page, a member on the portal). */
async function threeCounts(page: Page, dollars: string): Promise<string[]> {
  await page.goto(`${site.app.baseUrl}/pitch-deck`);
  const calculator = page.getByLabel('Investment amount (USD)');
  await calculator.fill(dollars);
  const pitch = (await page.getByTestId('calculator-tokens').innerText()).split(' ')[0]!;

  await page.goto(`${site.app.baseUrl}/investment-portal`);
  await page.getByLabel('Investment amount (USD)').fill(dollars);
  await page.getByRole('checkbox', { name: 'I have read and understand the risks' }).click();
  const portal = /You will receive ([\d,.]+) ADX tokens/.exec(await page.getByTestId('tokens-to-receive').innerText())![1]!;

  await page.goto(`${site.app.baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: /Donate/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Support the Movement' });
  await dialog.getByLabel('Custom amount (USD)').fill(dollars);
  await dialog.getByRole('checkbox', { name: 'Receive ADX tokens for this donation' }).click();
  const donation = /You will receive ([\d,.]+) ADX tokens/.exec(await dialog.getByTestId('donation-tokens').innerText())![1]!;
  await page.keyboard.press('Escape');
  return [pitch, portal, donation];
}

const ledgerRows = () => site.app.database.db('token_purchases').orderBy('id').select('id', 'investment_amount_usd', 'tokens_to_be_distributed', 'tokens_per_dollar');

describe('one token price', () => {
  let context: BrowserContext;
  let page: Page;

  it('the calculator, the portal and the donation dialog agree, and the ledger row records that count', async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInThroughPage(page, site.app.baseUrl, 'price_checker', 'price@example.org');
    expect(await threeCounts(page, '250')).toEqual(['2,500', '2,500', '2,500']);

    // Buy it through the portal: the ledger row has the same count, at the rate shown.
    await page.goto(`${site.app.baseUrl}/investment-portal`);
    await page.getByLabel('Investment amount (USD)').fill('250');
    await page.getByRole('checkbox', { name: 'I have read and understand the risks' }).click();
    await page.getByRole('button', { name: 'Securely Invest $250 Now' }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/investment-success\?session_id=/);
    expect(await page.getByTestId('tokens-allocated').innerText()).toBe('2,500 ADX');
    // The investor's own page: their amount and e-mail, not masked from them.
    expect(await page.getByTestId('investment-amount').innerText()).toMatch(/^\$250(\.00)?$/);
    expect(await page.getByTestId('investment-email').innerText()).toBe('price@example.org');
    await eventually(async () => (await ledgerRows()).length === 1, 15_000, 'the ledger row');
    expect(await ledgerRows()).toMatchObject([{ investment_amount_usd: '250.00', tokens_to_be_distributed: '2500.00000000', tokens_per_dollar: '10.0000' }]);
  });

  it('an admin changes the rate on /admin/settings: all three follow, the existing row does not', async () => {
    const before = await ledgerRows();
    const admin = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    await signInBrowser(admin, site.app.baseUrl, site.app.database.db, 'price_admin', { admin: true });
    await adminPage.goto(`${site.app.baseUrl}/admin/settings`);
    const sale = adminPage.getByRole('form', { name: 'Token sale' });
    await sale.getByLabel('ADX tokens per dollar').fill('12.5');
    await sale.getByRole('button', { name: 'Save token sale' }).click();
    await adminPage.getByText('Token sale saved').waitFor();
    await admin.close();

    await expect.poll(async () => threeCounts(page, '250'), { timeout: 15_000, interval: 500 }).toEqual(['3,125', '3,125', '3,125']);
    expect(await ledgerRows()).toEqual(before);
    await context.close();
  });

  it('closed by an admin: the portal and the donation dialog say so and take no token payment', async () => {
    const admin = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(admin, site.app.baseUrl, site.app.database.db, 'sale_closer', { admin: true });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${site.app.baseUrl}/admin/settings`);
    const sale = adminPage.getByRole('form', { name: 'Token sale' });
    await sale.getByRole('checkbox', { name: 'The sale is open' }).click();
    await sale.getByRole('button', { name: 'Save token sale' }).click();
    await adminPage.getByText('Token sale saved').waitFor();
    await screenshot(adminPage, 'admin-settings');
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await screenshot(adminPage, 'admin-settings');
    await admin.close();

    const visitor = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await signInThroughPage(page, site.app.baseUrl, 'late_investor');
    await expect
      .poll(async () => {
        await page.goto(`${site.app.baseUrl}/investment-portal`);
        return page.getByTestId('sale-closed').or(page.getByLabel('Investment amount (USD)')).first().getAttribute('data-testid');
      }, { timeout: 15_000, interval: 500 })
      .toBe('sale-closed');
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: /Donate/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Support the Movement' });
    await dialog.getByTestId('donation-sale-closed').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Receive ADX tokens for this donation' }).count()).toBe(0);
    await visitor.close();
  });
});
