import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useE2eSite } from '../helpers/e2e';
import { signInBrowser } from '../helpers/site';

const site = useE2eSite();

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

/** The dev sign-in form on /auth, as a person fills it (the page is already there). */
async function signInHere(username: string): Promise<void> {
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in as this member' }).click();
}

const url = (path: string) => `${site.app.baseUrl}${path}`;

describe('signing in comes back to the page that asked for it', () => {
  it('from the investment portal ("Sign In to Continue")', async () => {
    await page.goto(url('/investment-portal'));
    await page.getByRole('link', { name: 'Sign In to Continue' }).click();
    await signInHere('back_portal');
    await page.waitForURL(url('/investment-portal'));
    await page.getByLabel('Investment amount (USD)').waitFor();
  });

  it('from /token-admin ("Go to Login")', async () => {
    await page.goto(url('/token-admin'));
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await signInHere('back_token_admin');
    await page.waitForURL(url('/token-admin'));
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });

  it('from /security (sent to sign in by the page)', async () => {
    await page.goto(url('/security'));
    await page.waitForURL(/\/auth\?returnTo=%2Fsecurity$/);
    await signInHere('back_security');
    await page.waitForURL(url('/security'));
  });

  it("from a member's profile", async () => {
    await page.goto(url('/profile/someone_else'));
    await page.waitForURL(/\/auth\?returnTo=/);
    await signInHere('back_profile');
    await page.waitForURL(url('/profile/someone_else'));
  });

  it('from /investment-success ("Please sign in to see your investment")', async () => {
    await page.goto(url('/investment-success?session_id=cs_test_return'));
    await page.getByText('Please sign in to see your investment.').waitFor();
    await page.getByRole('link', { name: 'Sign In to Continue' }).click();
    await signInHere('back_investment');
    await page.waitForURL(url('/investment-success?session_id=cs_test_return'));
  });

  it.each(['https://example.org/', '//example.org/', '/\\example.org/'])('refuses the return path %s and lands on /community', async (returnTo) => {
    await page.goto(url(`/auth?returnTo=${encodeURIComponent(returnTo)}`));
    await signInHere('refused_back');
    await page.waitForURL(/\/community(\?welcome=1)?$/);
    expect(new URL(page.url()).origin).toBe(site.app.baseUrl);
  });

  it('after a 401 (the session ended elsewhere): re-checks the session, sends the member to sign in and back', async () => {
    const userId = await signInBrowser(context, site.app.baseUrl, site.app.database.db, 'expired_member');
    await page.goto(url('/investment-portal'));
    await page.getByLabel('Investment amount (USD)').fill('500');
    await page.getByRole('checkbox', { name: 'I have read and understand the risks' }).click();
    await site.app.database.db('sessions').where({ user_id: userId }).update({ revoked_at: site.app.database.db.fn.now() });
    await page.getByRole('button', { name: /Invest/ }).click();
    await page.waitForURL(/\/auth\?returnTo=%2Finvestment-portal$/);
    await page.getByRole('button', { name: 'Login with Discord' }).waitFor();
    await signInHere('expired_member');
    await page.waitForURL(url('/investment-portal'));
  });
});
