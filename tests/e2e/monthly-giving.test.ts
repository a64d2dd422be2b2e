import { describe, expect, it } from 'vitest';
import { useE2eSite } from '../helpers/e2e';
import { signInThroughPage } from '../helpers/site';
import { eventually } from '../helpers/worker';

const site = useE2eSite({ worker: true });

describe('monthly giving', () => {
  it('a member chooses "Give monthly" in the donation dialog and completes the TEST MODE checkout; the receipt can manage it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughPage(page, site.app.baseUrl, 'monthly_person', 'monthly-person@example.org');
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: /Donate/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Support the Movement' });
    await dialog.getByRole('button', { name: '$25', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Give monthly' }).click();
    await dialog.getByRole('checkbox', { name: 'Receive ADX tokens for this donation' }).click();
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Donate $25.00 monthly' }).click();
    const tab = await popup;
    await tab.waitForURL(/\/checkout\/test\//);
    expect(await tab.getByTestId('checkout-amount').innerText()).toBe('$25.00 / month');
    await tab.getByRole('button', { name: 'Pay' }).click();
    await tab.waitForURL(/\/donation-success\?session_id=/);
    await tab.getByText('Thank You for Your Donation!').waitFor();
    expect(await tab.getByTestId('donation-tokens-result').innerText()).toContain('250 ADX');

    // The first month is a donation with its receipt, which carries "Manage or cancel".
    const db = site.app.database.db;
    await eventually(async () => Boolean(await db('mail_outbox').where({ to_address: 'monthly-person@example.org', kind: 'payment-confirmed' }).first()), 15_000, 'the receipt');
    const receipt = (await db('mail_outbox').where({ to_address: 'monthly-person@example.org', kind: 'payment-confirmed' }).first('html_body')) as { html_body: string };
    const manage = /href="([^"]*\/api\/payments\/monthly\/manage\?token=[^"]+)"/.exec(receipt.html_body)![1]!.replaceAll('&amp;', '&');
    expect((await db('donation_subscriptions').first('status')).status).toBe('active');

    // Their account page shows the gift, and "Manage or cancel" there opens the portal too.
    await tab.goto(`${site.app.baseUrl}/account`);
    const gifts = tab.getByTestId('monthly-giving');
    await gifts.getByText('$25.00 every month').waitFor();
    await gifts.getByRole('button', { name: 'Manage or cancel' }).click();
    await tab.getByTestId('portal-amount').getByText('$25.00 / month').waitFor();

    // The person follows the receipt's link to the (TEST MODE) portal and cancels.
    // The worker writes links on its own configured origin; the path is what the person follows here.
    const link = new URL(manage);
    await tab.goto(`${site.app.baseUrl}${link.pathname}${link.search}`);
    await tab.getByTestId('portal-amount').getByText('$25.00 / month').waitFor();
    await tab.getByRole('button', { name: 'Cancel monthly gift' }).click();
    await tab.getByTestId('portal-status').getByText('Status: canceled').waitFor();
    await eventually(async () => Boolean(await db('mail_outbox').where({ to_address: 'monthly-person@example.org', kind: 'monthly-canceled' }).first()), 15_000, 'the cancellation mail');
    expect((await db('donation_subscriptions').first('status')).status).toBe('canceled');

    // A damaged link (a mail client cut it short) shows a page that says so.
    await tab.goto(`${site.app.baseUrl}${link.pathname}${link.search.slice(0, -3)}`);
    await tab.waitForURL(/\/receipts\?manage=invalid$/);
    await tab.getByTestId('manage-link-problem').getByText(/not valid or has expired/).waitFor();
    await context.close();
  });
});
