import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { useE2eSite } from '../helpers/e2e';
import { recordingContext, screenshot, signInBrowser } from '../helpers/site';

const site = useE2eSite();
const url = (path: string) => `${site.app.baseUrl}${path}`;

describe('an admin finds their way', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await recordingContext(site.browser);
    await signInBrowser(context, site.app.baseUrl, site.app.database.db, 'wayfinder_admin', { admin: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  it("the user menu links to the member's own profile, Token Admin and Outbox", async () => {
    await page.goto(url('/pitch-deck'));
    await page.getByTestId('user-menu').click();
    for (const name of ['My Profile', 'Submissions', 'Payments', 'Token Admin', 'Outbox', 'Job queues', 'Security']) await page.getByRole('menuitem', { name }).waitFor();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(url('/profile/wayfinder_admin'));
    // The owner is told where the bio is edited.
    await page.getByRole('link', { name: 'edit it in the Brotherhood tab' }).click();
    await page.waitForURL(url('/speakers'));
  });

  it('token admin labels a refund reversal row, as the public ledger does', async () => {
    const db = site.app.database.db;
    await db.transaction(async (trx) => {
      const [bought] = (await trx('token_purchases')
        .insert({ investor_id: 'ADXREV1', purchase_date: '2026-11-01', investment_amount_usd: '100.00', tokens_to_be_distributed: '1000', source: 'admin' })
        .returning('id')) as Array<{ id: string }>;
      await trx('token_purchases').insert({
        investor_id: 'ADXREV1',
        purchase_date: '2026-11-02',
        investment_amount_usd: '-100.00',
        tokens_to_be_distributed: '-1000',
        source: 'reversal',
        reverses_id: bought!.id,
      });
      await appendToLog(trx);
    });
    await page.goto(url('/token-admin'));
    const reversal = page.getByTestId('admin-row').filter({ hasText: '-$100.00' });
    await reversal.getByTestId('ledger-marker').getByText('Refund').waitFor();
    expect(await page.getByTestId('admin-row').filter({ hasText: 'ADXREV1' }).getByTestId('ledger-marker').count()).toBe(1);
  });

  it('Delete in the manage tab asks first; Keep It keeps the session', async () => {
    await site.app.database.db('speaker_sessions').insert({ session_title: 'Keep me please', scheduled_date: new Date('2030-03-11T12:00:00Z') });
    await page.goto(url('/speakers'));
    await page.getByRole('tab', { name: 'Manage Sessions' }).click();
    const card = page.getByTestId('manage-session').filter({ hasText: 'Keep me please' });
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this session?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep It' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await site.app.database.db('speaker_sessions').where({ session_title: 'Keep me please' }).count({ n: '*' }).first()).toEqual({ n: '1' });
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this session?' }).getByRole('button', { name: 'Delete Session' }).click();
    await page.getByText('Session Deleted').first().waitFor();
    expect(await site.app.database.db('speaker_sessions').where({ session_title: 'Keep me please' }).count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});

describe('at 375 px', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await recordingContext(site.browser, { width: 375, height: 800 });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  it("the footer's newsletter field keeps its height", async () => {
    await page.goto(url('/dog-pound'));
    const field = page.getByRole('textbox', { name: 'Email address' });
    await field.scrollIntoViewIfNeeded();
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'footer-newsletter');
  });
});
