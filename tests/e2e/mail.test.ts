import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../worker/src/mail/mailer';
import { useE2eSite } from '../helpers/e2e';
import { screenshot, signInBrowser } from '../helpers/site';
import { formatCohortDate, formatCohortTime } from '@app/common/domain/cohorts';

// Outbox only (no SMTP_URL), links to this test's server.
const site = useE2eSite({
  worker: true,
  mailer: (app) => createMailer({ MAIL_FROM: 'ADX Trust <no-reply@localhost>', PRODUCT_NAME: 'ADX Trust', PUBLIC_URL: app.baseUrl }),
});
let admin: BrowserContext;

beforeAll(async () => {
  admin = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInBrowser(admin, site.app.baseUrl, site.app.database.db, 'outbox_admin', { admin: true });
});

/** Opens /admin/outbox filtered to `to` and reloads until a message of that subject is listed; answers its plain text. */
async function outboxText(page: Page, to: string, subject: string): Promise<string> {
  await page.goto(`${site.app.baseUrl}/admin/outbox`);
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
    const member = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(member, site.app.baseUrl, site.app.database.db, 'enrollee', { email: 'enrollee@example.org' });
    const page = await member.newPage();
    await page.goto(`${site.app.baseUrl}/`);
    const [checkout] = await Promise.all([member.waitForEvent('page'), page.getByRole('button', { name: /Enroll Now - \$2,497/ }).click()]);
    await checkout.waitForURL(/\/checkout\/test\//);
    await checkout.getByText('TEST MODE').waitFor();
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.waitForURL(/\/payment-success/);
    await checkout.getByText('Payment Successful!').waitFor();
    await member.close();

    const outbox = await admin.newPage();
    const text = await outboxText(outbox, 'enrollee@example.org', 'Your enrolment in I Am The Business is confirmed');
    // The demo cohort's start, in its time zone (the cohorts table).
    const cohort = await site.app.database.db('cohorts').first();
    expect(text).toContain(`${formatCohortDate(cohort.starts_at.toISOString(), cohort.time_zone)}, ${formatCohortTime(cohort.starts_at.toISOString(), cohort.time_zone)}`);
    await screenshot(outbox, 'admin-outbox');
    await outbox.setViewportSize({ width: 375, height: 812 });
    await screenshot(outbox, 'admin-outbox');
    await outbox.close();
  });

  it('newsletter: subscribe in the footer, confirm from the outbox, listed as confirmed, unsubscribe link works', async () => {
    const visitor = await site.browser.newPage();
    await visitor.goto(`${site.app.baseUrl}/`);
    await visitor.getByLabel('Email address').fill('reader@example.org');
    await visitor.getByRole('button', { name: 'Subscribe for Insights' }).click();
    await visitor.getByText('Check your inbox to confirm your subscription.').first().waitFor();

    const outbox = await admin.newPage();
    const confirmText = await outboxText(outbox, 'reader@example.org', 'Confirm your subscription');
    const confirmUrl = /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmText)![0];
    await visitor.goto(confirmUrl);
    await visitor.getByText('Your subscription is confirmed.').waitFor();
    await screenshot(visitor, 'newsletter-confirmed');

    await outbox.getByRole('tab', { name: 'Newsletter subscribers' }).click();
    const row = outbox.getByTestId('subscriber').filter({ hasText: 'reader@example.org' });
    await row.getByText('Confirmed').waitFor();

    const welcome = await outboxText(outbox, 'reader@example.org', 'Welcome to ADX Trust insights');
    const unsubscribeUrl = /http:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(welcome)![0];
    await visitor.setViewportSize({ width: 375, height: 812 });
    await visitor.goto(unsubscribeUrl);
    await visitor.getByText('You are unsubscribed. You will receive no more newsletters.').waitFor();
    await screenshot(visitor, 'newsletter-unsubscribed');

    await outbox.reload();
    await outbox.getByRole('tab', { name: 'Newsletter subscribers' }).click();
    await outbox.getByTestId('subscriber').filter({ hasText: 'reader@example.org' }).getByText('Unsubscribed').waitFor();
    await outbox.close();
    await visitor.close();
  });
});
