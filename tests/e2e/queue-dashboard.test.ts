import { mkdirSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@app/common/jobs';
import { enqueue } from '@app/common/server/queues';
import { signInAs } from '../helpers/session';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

async function contextAs(username: string, admin: boolean): Promise<BrowserContext> {
  const client = await signInAs(site.app.app, site.app.database.db, username, { admin });
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([...client.jar.cookies].map(([name, value]) => ({ name, value, url: site.app.baseUrl })));
  return context;
}

describe('/admin/queues in Chromium', () => {
  it('renders every queue and its jobs for an admin under our CSP, and its writes pass our origin check', async () => {
    await enqueue(site.app.app.queues, 'ledger.verify-totals', {});
    const context = await contextAs('e2e_queue_admin', true);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      // bull-board's stylesheet asks for Google Fonts, which our CSP refuses (system fonts are used).
      if (m.type() === 'error' && !m.text().includes('fonts.googleapis.com')) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const res = await page.goto(`${site.app.baseUrl}/admin/queues`);
    expect(res?.status()).toBe(200);
    for (const name of QUEUE_NAMES) await page.getByText(name, { exact: true }).first().waitFor({ timeout: 30_000 });
    mkdirSync('.data/screenshots', { recursive: true });
    await page.screenshot({ path: '.data/screenshots/admin-queues.png', fullPage: true });

    await page.getByText('ledger', { exact: true }).first().click();
    await page.waitForURL(/\/admin\/queues\/queue\/ledger/);
    await page.getByText('ledger.verify-totals').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '.data/screenshots/admin-queues-ledger.png', fullPage: true });
    // The dashboard's own write calls (pause, retry, clean) are same-origin fetches: the browser's
    // Origin header is what our access plugin checks in place of the CSRF token.
    const status = await page.evaluate(async () => (await fetch('api/queues/render/pause', { method: 'PUT' })).status);
    expect(status).toBe(200);
    expect(await site.app.app.queues.render.isPaused()).toBe(true);
    await site.app.app.queues.render.resume();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is one click away in the admin\'s user menu', async () => {
    const context = await contextAs('e2e_queue_menu', true);
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Job queues' }).click();
    await page.waitForURL(/\/admin\/queues/);
    await page.getByText('recordings', { exact: true }).first().waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('refuses a member, and offers no link to it', async () => {
    const context = await contextAs('e2e_queue_member', false);
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Security' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Job queues' }).count()).toBe(0);
    const res = await page.goto(`${site.app.baseUrl}/admin/queues`);
    expect(res?.status()).toBe(403);
    await context.close();
  });
});
