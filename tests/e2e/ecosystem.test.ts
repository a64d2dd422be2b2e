import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@app/common/schemas/ecosystem-forms';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

let page: Page;
const consoleErrors: string[] = [];

const LONG = 'We have served our neighbourhood for ten years with honest prices and care.';

function toastText(text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
}

function application() {
  return page.getByRole('form', { name: 'Business Application Form' });
}

function feedback() {
  return page.getByRole('form', { name: 'Feedback form' });
}

beforeAll(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(`${site.app.baseUrl}/business-ecosystem`);
});

describe('/business-ecosystem', () => {
  it('has the three sections, the four benefit cards and the four placeholder partners', async () => {
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const id of ['join-ecosystem', 'ecosystem-businesses', 'feedback']) expect(await page.locator(`section#${id}`).count()).toBe(1);
    for (const title of ['Excellent Customer Service', 'Community Project Support', 'Strong Business Model', 'Innovative Technology']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    await page.getByRole('heading', { name: 'Shop & Experience with ADX' }).waitFor();
    const partners = page.getByTestId('partner-card');
    expect(await partners.count()).toBe(4);
    for (const category of ['Retail', 'Food & Beverage', 'Services', 'Technology']) await partners.getByText(category, { exact: true }).first().waitFor();
    expect(await partners.getByRole('heading', { name: 'Coming Soon' }).count()).toBe(4);
    const visits = partners.getByRole('button', { name: 'Visit Business' });
    expect(await visits.count()).toBe(4);
    for (let i = 0; i < 4; i += 1) expect(await visits.nth(i).isDisabled()).toBe(true);
    await page.getByText('Supporting documents upload will be available soon.').waitFor();
  });

  it('shows every application message for an empty form', async () => {
    await application().getByRole('button', { name: 'Submit Application' }).click();
    for (const m of [
      FORM_MESSAGES.businessName,
      FORM_MESSAGES.contactName,
      FORM_MESSAGES.email,
      FORM_MESSAGES.businessDescription,
      FORM_MESSAGES.customerService,
      FORM_MESSAGES.communityProject,
      FORM_MESSAGES.businessModel,
      FORM_MESSAGES.technology,
    ]) {
      await application().getByText(m, { exact: true }).first().waitFor();
    }
    // A summary lists them, each a link to its field, and focus goes to the first field in error.
    expect(await application().getByRole('alert').getByRole('link').count()).toBe(8);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).toBe('application-businessName');
    expect(await site.app.database.db('form_submissions').count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  it('checks the website only when one is given, and clears messages as fields are fixed', async () => {
    const form = application();
    await form.getByLabel('Website (optional)').fill('not a url');
    await form.getByText(FORM_MESSAGES.website, { exact: true }).first().waitFor();
    await form.getByLabel('Business Name').fill('Sunrise Bakery');
    await form.getByLabel('Contact Name').fill('Ada Lovelace');
    await form.getByLabel('Contact Email').fill('ada@sunrise.example');
    expect(await form.getByText(FORM_MESSAGES.businessName, { exact: true }).count()).toBe(0);
    expect(await form.getByText(FORM_MESSAGES.email, { exact: true }).count()).toBe(0);
    await form.getByLabel('Website (optional)').fill('');
    expect(await form.getByText(FORM_MESSAGES.website, { exact: true }).count()).toBe(0);
    await form.getByLabel('Website (optional)').fill('sunrise-bakery.com');
  });

  it("submits a valid application, stores it and shows 'Application Submitted!'", async () => {
    const form = application();
    for (const label of ['Business Description', 'Customer Service', 'Community Project Support', 'Business Model', 'Technology']) {
      await form.getByLabel(label).fill(LONG);
    }
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByTestId('application-submitted').getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    await toastText('Application Submitted').waitFor();
    await toastText('Thank you for your application! We will review it shortly and be in touch.').waitFor();
    expect(await page.getByRole('form', { name: 'Business Application Form' }).count()).toBe(0);
    // The much shorter confirmation is brought into view.
    expect(await page.getByRole('heading', { name: 'Application Submitted!' }).isVisible()).toBe(true);
    await page.waitForFunction(() => {
      const g = globalThis as unknown as { innerHeight: number; document: { querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number } } } };
      const r = g.document.querySelector('[data-testid="application-submitted"]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= g.innerHeight;
    });
    const row = await site.app.database.db('form_submissions').where({ form: 'business_application' }).first();
    expect(row.payload).toMatchObject({ businessName: 'Sunrise Bakery', website: 'https://sunrise-bakery.com', technology: LONG });
  });

  it('shows every feedback message for bad input', async () => {
    const form = feedback();
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await form.getByText(FORM_MESSAGES.subject, { exact: true }).first().waitFor();
    await form.getByText(FORM_MESSAGES.messageMin, { exact: true }).first().waitFor();
    await form.getByLabel('Email (optional)').fill('grace@');
    await form.getByText(FORM_MESSAGES.email, { exact: true }).first().waitFor();
    await form.getByLabel('Message').fill('x'.repeat(1001));
    await form.getByText(FORM_MESSAGES.messageMax, { exact: true }).first().waitFor();
    await form.getByText('1001 / 1000').waitFor();
  });

  it("sends a complaint: the complaint toast, 'Feedback Submitted!', and the form again on 'Submit Another Feedback'", async () => {
    const form = feedback();
    await form.getByLabel('Email (optional)').fill('grace@example.org');
    await form.getByLabel('Subject').fill('Late delivery');
    await form.getByLabel('Message').fill('My order arrived two days late and nobody answered my messages about it.');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Complaint' }).click();
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('heading', { name: 'Feedback Submitted!' }).waitFor();
    await toastText('Feedback Submitted').waitFor();
    await toastText(
      'Thank you for submitting your complaint. We take this very seriously and will investigate and follow up with you as soon as possible.',
    ).waitFor();
    const row = await site.app.database.db('form_submissions').where({ form: 'feedback' }).first();
    expect(row).toMatchObject({ email: 'grace@example.org' });
    expect(row.payload).toMatchObject({ type: 'complaint', subject: 'Late delivery' });

    await page.getByRole('button', { name: 'Submit Another Feedback' }).click();
    await feedback().waitFor();
    expect(await feedback().getByLabel('Subject').inputValue()).toBe('');
  });

  it('thanks for other feedback with the other toast', async () => {
    const form = feedback();
    await form.getByLabel('Subject').fill('Great event');
    await form.getByLabel('Message').fill('The meetup last week was really useful; please run another one soon for us.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('heading', { name: 'Feedback Submitted!' }).waitFor();
    await toastText('Thank you for your feedback. We appreciate your input and will review it promptly.').first().waitFor();
    expect(await site.app.database.db('form_submissions').where({ form: 'feedback' }).count({ n: '*' }).first()).toEqual({ n: '2' });
  });

  it('logged nothing to the console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
