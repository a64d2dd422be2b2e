import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openedUrls, recordingContext, signInBrowser } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';
import { FORM_A_EMPTY_MESSAGES, FORM_B_EMPTY_MESSAGES, FORM_B_FILLED } from '../helpers/forms';

const site = useE2eSite();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await recordingContext(site.browser);
  page = await context.newPage();
});

const rows = (form: string) => site.app.database.db('form_submissions').where({ form }).orderBy('created_at', 'desc');
/** Types each value into the field with that label, in order. */
async function fillByLabel(scope: ReturnType<Page['getByRole']>, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label).fill(value);
}
const alertTexts = (scope: ReturnType<Page['getByRole']>) => scope.locator('p[id$="-error"]').allInnerTexts();
/** Submits the form as it is and checks it shows exactly these field messages (in any order). */
async function expectMessagesOnSubmit(scope: ReturnType<Page['getByRole']>, messages: string[]): Promise<void> {
  await scope.getByRole('button', { name: 'Submit Application' }).click();
  expect((await alertTexts(scope)).sort()).toEqual([...messages].sort());
}

describe('scholarship dialog', () => {
  it('shows every required message for an empty form, and the e-mail rule', async () => {
    await page.goto(`${site.app.baseUrl}/#incubator`);
    await page.locator('#incubator').getByRole('button', { name: 'Apply for a Scholarship' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scholarship Application' });
    await dialog.waitFor();
    await expectMessagesOnSubmit(dialog, [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Business idea description is required',
      'Financial need explanation is required',
      'Community impact vision is required',
      'Commitment statement is required',
    ]);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByText('Invalid email address').waitFor();
    expect(await rows('scholarship')).toHaveLength(0);
  });

  it('stores a valid application, opens the mail draft, resets and closes', async () => {
    const dialog = page.getByRole('dialog', { name: 'Scholarship Application' });
    await fillByLabel(dialog, {
      'Full Name': 'Ada Lovelace',
      'Email': 'ada@example.org',
      'Phone Number': '+1 (555) 123-4567',
      'Business Idea': 'A bakery that trains young people.',
      'Financial Need': 'I cannot pay the full fee.',
      'Community Impact Vision': 'Jobs for twelve neighbours.',
      'Commitment Statement': 'I will attend every session.',
    });
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await rows('scholarship');
    expect(row).toMatchObject({ email: 'ada@example.org' });
    expect(row.payload.fullName).toBe('Ada Lovelace');
    const draft = (await openedUrls(page)).find((o) => o.url.startsWith('mailto:'));
    expect(draft?.url).toContain(encodeURIComponent('Scholarship Application - Ada Lovelace'));
    // Opened again, the form is empty.
    await page.locator('#incubator').getByRole('button', { name: 'Apply for a Scholarship' }).click();
    expect(await page.getByRole('dialog').getByLabel('Full Name').inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });
});

describe('sector consultation dialog', () => {
  it('enables Schedule only with both choices, stores them and opens the scheduling page with both', async () => {
    await page.goto(`${site.app.baseUrl}/#partnership`);
    await page.locator('#partnership').getByRole('button', { name: 'Schedule a Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Sector Consultation' });
    const schedule = dialog.getByRole('button', { name: 'Schedule Consultation' });
    expect(await schedule.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Sector' }).click();
    await page.getByRole('option', { name: 'Family' }).click();
    expect(await schedule.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Time Commitment' }).click();
    await page.getByRole('option', { name: '6-10 hours per week' }).click();
    expect(await schedule.isDisabled()).toBe(false);
    await schedule.click();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await rows('consultation');
    expect(row.payload).toEqual({ sector: 'Family', timeCommitment: '6-10 hours per week' });
    const opened = (await openedUrls(page)).map((o) => new URL(o.url)).find((u) => u.searchParams.has('sector'));
    expect(opened?.searchParams.get('sector')).toBe('Family');
    expect(opened?.searchParams.get('time_commitment')).toBe('6-10 hours per week');
    expect(opened?.searchParams.get('duration')).toBe('30');
  });
});

describe('incubator application (form A) at /incubator-application', () => {
  it('shows the spec messages, then stores the application with the success toast and a reset', async () => {
    await page.goto(`${site.app.baseUrl}/incubator-application`);
    const form = page.getByRole('form', { name: 'Incubator application' });
    await page.getByRole('heading', { name: 'Attendance Commitment' }).waitFor();
    await expectMessagesOnSubmit(form, FORM_A_EMPTY_MESSAGES);
    await fillByLabel(form, {
      'First Name': 'Grace',
      'Last Name': 'Hopper',
      'Email': 'grace@example.org',
      'Phone Number': '555-123-4567',
      'Your Business Idea': 'A compiler school for neighbourhood kids, taught on Saturdays in the library.',
    });
    await form.getByRole('checkbox', { name: /attending all 12 weekly sessions/ }).click();
    await form.getByRole('checkbox', { name: /terms and conditions/ }).click();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application Submitted!').first().waitFor();
    await page.getByText("We'll review your application and get back to you within 48 hours.").first().waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('');
    const [row] = await rows('incubator_application');
    expect(row.payload).toMatchObject({ firstName: 'Grace', commitment: true, termsAccepted: true });
    expect(await page.getByRole('link', { name: /Join Discord/ }).getAttribute('target')).toBe('_blank');
  });
});

describe('incubator registration (form B) at /incubator', () => {
  it('shows the spec messages, then stores it, opens the mail draft and, a second later, the registration page', async () => {
    await page.goto(`${site.app.baseUrl}/incubator`);
    await page.getByText('Cohort 1 · Enrolment open').first().waitFor();
    expect(await page.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    const form = page.getByRole('form', { name: 'Incubator registration' });
    await expectMessagesOnSubmit(form, FORM_B_EMPTY_MESSAGES);
    await fillByLabel(form, FORM_B_FILLED);
    const before = (await openedUrls(page)).length;
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const registration = async () => (await openedUrls(page)).slice(before).find((o) => o.url.startsWith('https://'));
    await expect.poll(async () => (await registration())?.url, { timeout: 3000 }).toMatch(/^https:\/\//);
    const mail = (await openedUrls(page)).slice(before).find((o) => o.url.startsWith('mailto:'));
    expect(decodeURIComponent(mail!.url)).toContain('Incubator Registration - Alan Turing');
    expect((await registration())?.target).toBe('_blank');
    expect(await openedUrls(page)).toHaveLength(before + 2);
    const [row] = await rows('incubator_registration');
    expect(row).toMatchObject({ email: 'alan@example.org' });
  });
});

describe('admin Submissions page', () => {
  it('is refused to visitors and members, on screen and by the server', async () => {
    const anon = await site.browser.newPage();
    await anon.goto(`${site.app.baseUrl}/admin/submissions`);
    await anon.getByText('Admin Authentication Required').waitFor();
    expect((await anon.request.get(`${site.app.baseUrl}/api/admin/submissions`)).status()).toBe(401);
    await anon.close();

    const memberContext = await site.browser.newContext();
    await signInBrowser(memberContext, site.app.baseUrl, site.app.database.db, 'plainmember', { email: 'plain@example.org' });
    const member = await memberContext.newPage();
    await member.goto(`${site.app.baseUrl}/admin/submissions`);
    await member.getByText('Access Denied').waitFor();
    await member.getByText('plain@example.org').waitFor();
    expect((await member.request.get(`${site.app.baseUrl}/api/admin/submissions`)).status()).toBe(403);
    await memberContext.close();
  });

  it('lists every stored submission for an admin, newest first, filterable by form', async () => {
    await site.app.database.db('form_submissions').insert({ form: 'business_application', payload: JSON.stringify({ businessName: 'Acme Bakery', employeeCount: 4 }) });
    const adminContext = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(adminContext, site.app.baseUrl, site.app.database.db, 'chief', { admin: true });
    const admin = await adminContext.newPage();
    await admin.goto(`${site.app.baseUrl}/`);
    await admin.getByTestId('user-menu').click();
    await admin.getByRole('menuitem', { name: 'Submissions' }).click();
    await admin.waitForURL(`${site.app.baseUrl}/admin/submissions`);
    await admin.getByRole('heading', { name: 'Form Submissions' }).waitFor();
    await admin.getByTestId('submission').first().waitFor();
    expect(await admin.getByTestId('submission').count()).toBe(5);
    const first = await admin.getByTestId('submission').first().innerText();
    expect(first).toContain('Business application');
    expect(first).toContain('Business name');
    expect(first).toContain('Acme Bakery');
    const all = await admin.locator('main').innerText();
    for (const text of ['Ada Lovelace', 'Family', 'Grace', 'Alan', 'Scholarship application', 'Consultation request']) expect(all).toContain(text);

    await admin.getByTestId('form-filter').click();
    await admin.getByRole('option', { name: 'Consultation request' }).click();
    await admin.waitForURL(/form=consultation/);
    await expect.poll(() => admin.getByTestId('submission').count()).toBe(1);
    expect(await admin.getByTestId('submission').first().innerText()).toContain('6-10 hours per week');
    await adminContext.close();
  });
});
