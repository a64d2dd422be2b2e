import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../worker/src/workers';
import { createMailer } from '../../worker/src/mail/mailer';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { SCREENSHOT_DIR, signInBrowser } from '../helpers/site';
import { startTestWorker } from '../helpers/worker';

let t: TestApp;
let worker: RunningWorkers;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  // Outbox only (no SMTP_URL), links to this test's server.
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { mailer: createMailer({ MAIL_FROM: 'ADX Trust <no-reply@localhost>', PRODUCT_NAME: 'ADX Trust', PUBLIC_URL: t.baseUrl }) });
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInBrowser(admin, t.baseUrl, t.database.db, 'outbox_admin', { admin: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await t?.close();
});

/** Opens /admin/outbox filtered to `to` and reloads until a message of that subject is listed; answers its plain text. */
async function outboxText(page: Page, to: string, subject: string): Promise<string> {
  await page.goto(`${t.baseUrl}/admin/outbox`);
  await page.getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
  const message = page.getByTestId('outbox-message').filter({ hasText: subject }).filter({ hasText: to });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return message.count();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  return message.first().getByTestId('outbox-text').innerText();
}

describe('mail in the browser', () => {
  it('a program payment through TEST MODE, then /admin/outbox shows the confirmation with the start date', async () => {
    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(member, t.baseUrl, t.database.db, 'enrollee', { email: 'enrollee@example.org' });
    const page = await member.newPage();
    await page.goto(`${t.baseUrl}/`);
    const [checkout] = await Promise.all([member.waitForEvent('page'), page.getByRole('button', { name: /Enroll Now - \$2,497/ }).click()]);
    await checkout.waitForURL(/\/checkout\/test\//);
    await checkout.getByText('TEST MODE').waitFor();
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.waitForURL(/\/payment-success/);
    await checkout.getByText('Payment Successful!').waitFor();
    await member.close();

    const outbox = await admin.newPage();
    const text = await outboxText(outbox, 'enrollee@example.org', 'Your enrolment in I Am The Business is confirmed');
    expect(text).toContain('October 4th 2025, 10:00 AM');
    await outbox.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-outbox-1280.png'), fullPage: false });
    await outbox.setViewportSize({ width: 375, height: 812 });
    await outbox.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-outbox-375.png'), fullPage: false });
    await outbox.close();
  });

  it('newsletter: subscribe in the footer, confirm from the outbox, listed as confirmed, unsubscribe link works', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${t.baseUrl}/`);
    await visitor.getByLabel('Email address').fill('reader@example.org');
    await visitor.getByRole('button', { name: 'Subscribe for Insights' }).click();
    await visitor.getByText('Check your inbox to confirm your subscription.').first().waitFor();

    const outbox = await admin.newPage();
    const confirmText = await outboxText(outbox, 'reader@example.org', 'Confirm your subscription');
    const confirmUrl = /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmText)![0];
    await visitor.goto(confirmUrl);
    await visitor.getByText('Your subscription is confirmed.').waitFor();
    await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, 'newsletter-confirmed-1280.png') });

    await outbox.getByRole('tab', { name: 'Newsletter subscribers' }).click();
    const row = outbox.getByTestId('subscriber').filter({ hasText: 'reader@example.org' });
    await row.getByText('Confirmed').waitFor();

    const welcome = await outboxText(outbox, 'reader@example.org', 'Welcome to ADX Trust insights');
    const unsubscribeUrl = /http:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(welcome)![0];
    await visitor.setViewportSize({ width: 375, height: 812 });
    await visitor.goto(unsubscribeUrl);
    await visitor.getByText('You are unsubscribed. You will receive no more newsletters.').waitFor();
    await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, 'newsletter-unsubscribed-375.png') });

    await outbox.reload();
    await outbox.getByRole('tab', { name: 'Newsletter subscribers' }).click();
    await outbox.getByTestId('subscriber').filter({ hasText: 'reader@example.org' }).getByText('Unsubscribed').waitFor();
    await outbox.close();
    await visitor.close();
  });
});
