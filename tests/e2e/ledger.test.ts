import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { seedDemo } from '../../scripts/lib/seed';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
});

describe('/token-ledger', () => {
  it('says so when there are no records', async () => {
    await page.goto(`${site.app.baseUrl}/token-ledger`);
    await page.getByText('No purchase records available.').waitFor();
    // The summary loads apart from the rows.
    await expect.poll(() => page.getByTestId('summary-investors').innerText()).toContain('0');
  });

  it('shows the summary and the rows of the seeded ledger', async () => {
    await seedDemo(site.app.database.db);
    await page.goto(`${site.app.baseUrl}/token-ledger`);
    await page.getByTestId('ledger-row').first().waitFor();
    expect(await page.getByTestId('ledger-row').count()).toBe(36);
    // 36 purchases by 30 investors: a repeat investor is one investor.
    await expect.poll(() => page.getByTestId('summary-investors').innerText()).toContain('30');
    const usd = await page.getByTestId('summary-usd').innerText();
    expect(usd).toMatch(/\$[\d,]+\.\d{2}/);
    for (const heading of ['Investor ID', 'Purchase Date', 'Investment (USD)', 'ADX Tokens']) {
      await page.getByRole('columnheader', { name: heading }).waitFor();
    }
    expect(await page.getByPlaceholder('Enter your Investor ID to verify your purchase...').isVisible()).toBe(true);
  });

  it('finds an existing investor ID and highlights its rows', async () => {
    await page.getByLabel('Investor ID').fill('adx0003');
    await page.getByText('Found 2 matching record(s)').waitFor();
    expect(await page.getByTestId('ledger-row-match').count()).toBe(2);
    const text = await page.getByTestId('ledger-row-match').first().innerText();
    expect(text).toContain('ADX0003');
    expect(page.url()).toContain('search=adx0003');
  });

  it('says so for a missing investor ID', async () => {
    await page.getByLabel('Investor ID').fill('ADX9999');
    await page.getByText('No matching investor ID found').waitFor();
    await page.getByText('No matching records found.').waitFor();
    expect(await page.getByTestId('ledger-row').count()).toBe(0);
  });

  it('opens already searched from a link', async () => {
    await page.goto(`${site.app.baseUrl}/token-ledger?search=ADX0010`);
    await page.getByText('Found 1 matching record(s)').waitFor();
  });

  it('pages with Next and Previous from page positions, and Back returns to the previous page', async () => {
    await appendLedgerRows(
      site.app.database.db,
      Array.from({ length: 30 }, (_, i) => ({ investor_id: `ADX7${String(i).padStart(3, '0')}`, purchase_date: '2024-01-01', investment_amount_usd: '5.00', tokens_to_be_distributed: '50.00000000', source: 'admin' as const })),
    );
    // Once this API process has heard of the new rows (LISTEN/NOTIFY), its pages show them.
    await expect.poll(async () => ((await (await fetch(`${site.app.baseUrl}/api/ledger/summary`)).json()) as { totalInvestors: number }).totalInvestors).toBe(60);
    await page.goto(`${site.app.baseUrl}/token-ledger`);
    await page.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(50);
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('after')).toMatch(/^\d{4}-\d{2}-\d{2}_/);
    await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(16);
    expect(await page.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Previous/ }).click();
    await page.getByText('Page 1 of 2').waitFor();
    expect(page.url()).toBe(`${site.app.baseUrl}/token-ledger`);
    await page.goBack();
    await page.getByText('Page 2 of 2').waitFor();
    // An old link with a page number but no position opens the first page.
    await page.goto(`${site.app.baseUrl}/token-ledger?page=2`);
    await page.getByText('Page 1 of 2').waitFor();
  });
});

describe('unknown paths', () => {
  it('render the 404 page with status 404 and a link home', async () => {
    const res = await page.goto(`${site.app.baseUrl}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${site.app.baseUrl}/`);
  });

  it('logged nothing unexpected to the console', () => {
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
