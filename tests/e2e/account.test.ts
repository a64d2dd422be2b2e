import { execFileSync } from 'node:child_process';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signLink } from '@app/common/domain/signed-link';
import { linkSecretOf } from '@app/common/server/link-secret';
import { downloaded } from '../helpers/browser';
import { useE2eSite } from '../helpers/e2e';
import { refundNewestInvestment, screenshot, signInBrowser } from '../helpers/site';

const site = useE2eSite({ worker: true });

async function contextFor(username: string, admin = false): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: axe reads an instant, and a toast caught mid-fade (a payment's toast appears as this page opens)
  // is between transparent and its colours at rest; sonner honours the setting (the accessibility file does the same).
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, reducedMotion: 'reduce' });
  await signInBrowser(context, site.app.baseUrl, site.app.database.db, username, { admin, email: `${username}@example.org` });
  return { context, page: await context.newPage() };
}

/** Pays the TEST MODE checkout a click opened in a new tab, and closes it. */
async function payInNewTab(context: BrowserContext, click: () => Promise<void>, success: RegExp): Promise<void> {
  const [checkout] = await Promise.all([context.waitForEvent('page'), click()]);
  await checkout.waitForURL(/\/checkout\/test\//);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.waitForURL(success);
  await checkout.close();
}

const payment = (page: Page, kind: string) => page.locator(`[data-testid="account-payment"][data-kind="${kind}"]`);

describe('/account', () => {
  it('lists a member’s donation, investment and enrolment; a refund shows, holdings drop; the PDF receipt carries amount, date and code', { timeout: 180_000 }, async () => {
    const member = await contextFor('account_member');
    const { page } = member;

    // Donate $25 with ADX from the Donate dialog.
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: /Donate/ }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '$25', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Receive ADX tokens for this donation' }).click();
    await payInNewTab(member.context, () => dialog.getByRole('button', { name: /^Donate/ }).click(), /\/donation-success/);

    // Enroll in the program.
    await payInNewTab(member.context, () => page.getByRole('button', { name: /Enroll Now - \$2,497/ }).first().click(), /\/payment-success/);

    // Invest $1,000.
    await page.goto(`${site.app.baseUrl}/investment-portal`);
    await page.getByRole('checkbox', { name: 'I have read and understand the risks' }).click();
    await page.getByRole('button', { name: 'Securely Invest $1,000 Now' }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Investment Successful!').waitFor();

    // From the user menu to /account.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await payment(page, 'investment').waitFor();
    expect(await page.getByTestId('account-payment').count()).toBe(3);
    // Newest first.
    expect(await page.getByTestId('account-payment').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['investment', 'program', 'donation']);
    for (const kind of ['donation', 'program', 'investment']) expect(await payment(page, kind).getByTestId('payment-status').innerText()).toBe('Paid');
    expect(await page.getByTestId('holdings-total').innerText()).toBe('10,250 ADX');
    // With payments on it (the accessibility file checks the empty page), at both widths.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await screenshot(page, 'account');
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The donation's receipt: a PDF with its amount, date and receipt code.
    const donation = await site.app.database.db('donations').first('receipt_code', 'paid_at');
    const [download] = await Promise.all([page.waitForEvent('download'), payment(page, 'donation').getByRole('link', { name: /Download receipt/ }).click()]);
    const text = execFileSync('pdftotext', ['-', '-'], { input: await downloaded(download), encoding: 'utf8' });
    expect(text).toContain('$25.00');
    expect(text).toContain(donation.receipt_code);
    expect(text).toContain((donation.paid_at as Date).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
    expect(text).toContain('250 ADX');

    // An admin refunds the investment: the open /account page follows (payment:status), holdings drop by 10,000 ADX.
    const admin = await contextFor('account_admin', true);
    await refundNewestInvestment(admin.page, site.app.baseUrl);
    await payment(page, 'investment').getByText('Refunded', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByTestId('holdings-total').getByText('250 ADX', { exact: true }).waitFor();
    // And on reload.
    await page.reload();
    await payment(page, 'investment').getByText('Refunded', { exact: true }).waitFor();
    expect(await page.getByTestId('holdings-total').innerText()).toBe('250 ADX');
    // The admin's own /account lists none of the member's payments.
    await admin.page.goto(`${site.app.baseUrl}/account`);
    await admin.page.getByText('No payments yet.').waitFor();
    await Promise.all([member.context.close(), admin.context.close()]);
  });
});

describe('/receipts', () => {
  it('opens a signed-out donor’s payments from the mailed link, refuses an altered one, and mails a new link on request', { timeout: 120_000 }, async () => {
    const db = site.app.database.db;
    const [mine] = (await db('donations').insert({ amount_cents: 4200, payer_email: 'walkin@example.org', status: 'paid', paid_at: new Date() }).returning(['id', 'receipt_code'])) as Array<{ id: string; receipt_code: string }>;
    await db('donations').insert({ amount_cents: 9900, payer_email: 'someone@example.org', status: 'paid', paid_at: new Date() });
    const token = signLink(linkSecretOf(site.app.config), { p: 'receipts', e: 'walkin@example.org', x: Date.now() + 3_600_000 });
    const context = await site.browser.newContext({ viewport: { width: 375, height: 812 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/receipts?token=${encodeURIComponent(token)}`);
    await page.getByText('walkin@example.org').first().waitFor();
    expect(await page.getByTestId('account-payment').count()).toBe(1);
    expect(await page.getByTestId('account-payment').innerText()).toContain(mine!.receipt_code);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download receipt/ }).click()]);
    expect(execFileSync('pdftotext', ['-', '-'], { input: await downloaded(download), encoding: 'utf8' })).toContain('$42.00');

    const [body, sig] = token.split('.') as [string, string];
    const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), e: 'someone@example.org' })).toString('base64url')}.${sig}`;
    await page.goto(`${site.app.baseUrl}/receipts?token=${encodeURIComponent(altered)}`);
    await page.getByTestId('link-refused').getByText('This link is not valid').waitFor();
    expect(await page.getByTestId('account-payment').count()).toBe(0);

    await page.getByLabel('E-mail address').fill('walkin@example.org');
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await page.getByTestId('link-sent').waitFor();
    await context.close();
  });
});
