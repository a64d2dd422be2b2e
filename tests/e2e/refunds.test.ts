import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { downloaded } from '../helpers/browser';
import { useE2eSite } from '../helpers/e2e';
import { refundNewestInvestment, signInBrowser } from '../helpers/site';

const site = useE2eSite({ worker: true });

async function contextFor(username: string, admin = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await signInBrowser(context, site.app.baseUrl, site.app.database.db, username, { admin });
  return { context, page: await context.newPage() };
}

const ENTRY: Record<string, string> = { reversal: 'reversal', reversed: 'refunded purchase', '': 'purchase' };

describe('a refund from the admin payments page', () => {
  it('takes a $1,000 TEST MODE investment back: the open ledger drops by $1,000 and 10,000 ADX live, the row is marked, the CSV holds the rows on screen', { timeout: 120_000 }, async () => {
    await appendLedgerRows(site.app.database.db, [
      { investor_id: 'ADX9001', purchase_date: '2026-01-05', investment_amount_usd: '5000.00', tokens_to_be_distributed: '50000.00000000', source: 'seed' },
    ]);
    const ledger = await site.browser.newPage();
    await ledger.goto(`${site.app.baseUrl}/token-ledger`);
    await ledger.getByTestId('summary-usd').getByText('$5,000.00').waitFor();

    const investor = await contextFor('refunded_investor');
    await investor.page.goto(`${site.app.baseUrl}/investment-portal`);
    await investor.page.getByRole('checkbox', { name: 'I have read and understand the risks' }).click();
    await investor.page.getByRole('button', { name: 'Securely Invest $1,000 Now' }).click();
    await investor.page.waitForURL(/\/checkout\/test\//);
    await investor.page.getByRole('button', { name: 'Pay' }).click();
    await investor.page.getByText('Investment Successful!').waitFor();
    const investorId = (await investor.page.getByTestId('investor-id').innerText()).trim();
    await ledger.getByTestId('summary-usd').getByText('$6,000.00').waitFor({ timeout: 15_000 });
    await ledger.getByTestId('summary-tokens').getByText('60,000').waitFor();

    const admin = await contextFor('refunding_admin', true);
    await refundNewestInvestment(admin.page, site.app.baseUrl);

    // The ledger page, never reloaded, follows.
    await ledger.getByTestId('summary-usd').getByText('$5,000.00').waitFor({ timeout: 15_000 });
    await ledger.getByTestId('summary-tokens').getByText('50,000').waitFor();
    const marked = ledger.locator('[data-marker="reversed"]');
    await marked.waitFor();
    expect(await marked.innerText()).toContain(investorId);
    expect(await ledger.locator('[data-marker="reversal"]').innerText()).toContain('-$1,000.00');

    // The CSV of a search holds exactly the rows on screen.
    await ledger.goto(`${site.app.baseUrl}/token-ledger?search=${investorId}`);
    await ledger.getByTestId('ledger-row-match').nth(1).waitFor();
    const onScreen = await ledger.getByTestId('ledger-row-match').evaluateAll((rows) => rows.map((r) => [r.querySelector('th')?.firstChild?.textContent ?? '', r.getAttribute('data-marker') ?? '']));
    const [download] = await Promise.all([ledger.waitForEvent('download'), ledger.getByTestId('ledger-csv').click()]);
    const csv = (await downloaded(download)).toString('utf8').trimEnd().split('\n').slice(1).map((l) => l.split(','));
    expect(csv.map((c) => [c[0], c[4]])).toEqual(onScreen.map(([id, marker]) => [id, ENTRY[marker!]]));
    expect(csv).toHaveLength(2);
    expect(await site.app.database.db('security_audit_logs').where({ event_type: 'admin_refund_requested' })).toHaveLength(1);
    await Promise.all([investor.context.close(), admin.context.close(), ledger.close()]);
  });
});
