import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '@app/common/server/users.repository';
import { buildUser } from '../factories/index';
import { signInThroughPage } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

const devSignIn = (page: Page, username: string, email?: string) => signInThroughPage(page, site.app.baseUrl, username, email);

describe('sign-in and the directory', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  it('shows the sign-in card and sends a new member to /community with a welcome', async () => {
    await page.goto(`${site.app.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Join ADX Trust Community' }).waitFor();
    await devSignIn(page, 'newcomer_e2e', 'newcomer@example.org');
    await page.getByText('Welcome to the ADX Trust community!').first().waitFor();
    await page.getByRole('main').getByText('Signed in as').waitFor();
    expect(await page.getByRole('main').getByText('newcomer_e2e').isVisible()).toBe(true);
  });

  it('sends a signed-in member away from /auth to /community', async () => {
    await page.goto(`${site.app.baseUrl}/auth`);
    await page.waitForURL(`${site.app.baseUrl}/community`);
  });

  it('shows the empty directory texts, then finds a member who opted in', async () => {
    await page.goto(`${site.app.baseUrl}/community`);
    await page.getByText('No community members yet').waitFor();
    await page.getByText('Be the first to join the community!').waitFor();
    await page.getByText('You are not listed in the directory.').waitFor();
    const u = await buildUser(site.app.database.db, { discord_username: 'listed_member' });
    await site.app.database.db('user_privacy_settings').insert({ user_id: u.id, directory_listing: true });
    await page.reload();
    await page.getByTestId('member-card').first().waitFor();
    expect(await page.getByTestId('member-count').innerText()).toBe('1 member');
    await page.getByLabel('Search members').fill('LISTED');
    await page.getByText('listed_member').waitFor();
    await page.getByLabel('Search members').fill('zzz');
    await page.getByText('No members found').waitFor();
    await page.getByText('Try adjusting your search terms').waitFor();
  });
});

describe('security dashboard', () => {
  it('scores 100 / High by default, 70 / Medium after showing the e-mail, kept after reload', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await devSignIn(page, 'careful_member');
    await page.goto(`${site.app.baseUrl}/security`);
    const level = page.getByTestId('security-level');
    await level.getByText('100%').waitFor();
    await level.getByText('High').waitFor();
    // The metrics load apart from the score: wait for them rather than read a placeholder.
    await page.getByTestId('account-age').getByText('0 days').waitFor();
    await page.getByRole('switch', { name: 'Email Visibility' }).click();
    await level.getByText('70%').waitFor();
    await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
    await page.getByText('Settings Saved').first().waitFor();
    await page.reload();
    await level.getByText('70%').waitFor();
    await level.getByText('Medium').waitFor();
    expect(await page.getByRole('switch', { name: 'Email Visibility' }).getAttribute('aria-checked')).toBe('true');
    // A string, because this program is type-checked without the DOM library.
    await page.waitForFunction(`/^\\d+$/.test(document.querySelector('[data-testid="security-events-value"]')?.textContent ?? '')`);
    expect(Number(await page.getByTestId('security-events-value').innerText())).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('sends a signed-out visitor to /auth', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/security`);
    await page.waitForURL(`${site.app.baseUrl}/auth?returnTo=%2Fsecurity`);
    await page.close();
  });

  it('signs out in every tab', async () => {
    const context = await site.browser.newContext();
    const a = await context.newPage();
    await devSignIn(a, 'two_tabs');
    const b = await context.newPage();
    await b.goto(`${site.app.baseUrl}/security`);
    await b.getByRole('heading', { name: 'Security Dashboard' }).waitFor();
    await a.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    // Each tab lands on the sign-in page, with the way back to the page it was on.
    await a.waitForURL((url) => url.pathname === '/auth');
    await b.waitForURL(`${site.app.baseUrl}/auth?returnTo=%2Fsecurity`);
    await context.close();
  });
});

describe('token admin', () => {
  it('asks a visitor to sign in', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/token-admin`);
    await page.getByText('Admin Authentication Required').waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL(`${site.app.baseUrl}/auth?returnTo=%2Ftoken-admin`);
    await page.close();
  });

  it('denies a member, showing their e-mail', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await devSignIn(page, 'plain_member', 'plain@example.org');
    await page.goto(`${site.app.baseUrl}/token-admin`);
    await page.getByText('Access Denied').waitFor();
    await page.getByText('Admin privileges required to access this page').waitFor();
    expect(await page.getByTestId('denied-identity').innerText()).toContain('plain@example.org');
    await context.close();
  });

  it('lets an admin add a purchase that shows in the table and on the public ledger', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await devSignIn(page, 'ledger_keeper');
    const user = await site.app.database.db('users').where({ discord_username: 'ledger_keeper' }).first('id');
    await grantAdmin(site.app.database.db, user.id);
    await page.goto(`${site.app.baseUrl}/token-admin`);
    await page.getByText('Token Purchase Admin').waitFor();
    await page.getByText('No purchase records found.').waitFor();
    await page.getByRole('button', { name: 'Add Purchase' }).click();
    await page.getByRole('button', { name: 'Add Purchase Record' }).click();
    await page.getByText('Please fill in all required fields').first().waitFor();
    await page.getByLabel('Investor ID').fill('adx4242');
    await page.getByLabel('Purchase Date').fill('2025-10-04');
    await page.getByLabel('Investment Amount (USD)').fill('2500');
    await page.getByLabel('ADX Tokens to Distribute').fill('25000.12345678');
    await page.getByRole('button', { name: 'Add Purchase Record' }).click();
    await page.getByText('Purchase record added successfully').first().waitFor();
    await page.getByTestId('admin-row').first().waitFor();
    expect(await page.getByTestId('admin-row').first().innerText()).toContain('ADX4242');
    expect(await page.getByTestId('records-count').innerText()).toBe('(1)');
    const ledger = await context.newPage();
    await ledger.goto(`${site.app.baseUrl}/token-ledger?search=ADX4242`);
    await ledger.getByText('Found 1 matching record(s)').waitFor();
    expect(await ledger.getByTestId('ledger-row-match').innerText()).toContain('25,000.12345678');
    await context.close();
  });
});
