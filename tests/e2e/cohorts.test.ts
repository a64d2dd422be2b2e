// The cohort through a clock the test moves: what the pages, their JSON-LD and Enroll say before and after the demo
// cohort's start; "This cohort is full" when the last seat goes while a person looks at the page; the admin page.
import { describe, expect, it } from 'vitest';
import { formatCohortDate } from '@app/common/domain/cohorts';
import { PROGRAM_ROUTES } from '@app/common/routes';
import { useE2eSite } from '../helpers/e2e';
import { anonymous } from '../helpers/session';
import { recordingContext, screenshot, signInBrowser } from '../helpers/site';

const T0 = new Date('2031-03-03T12:00:00Z');
let now = T0;
const site = useE2eSite({ clock: () => now });

const db = () => site.app.database.db;
const cohort = async () => (await db()('cohorts').first()) as { id: string; starts_at: Date; time_zone: string; seats: number };
const html = async (path: string) => (await fetch(`${site.app.baseUrl}${path}`)).text();
const events = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>).filter((o) => o['@type'] === 'Event') as Array<{
    startDate: string;
    eventStatus: string;
    offers: { availability: string };
  }>;

describe('the demo cohort before and after its start', () => {
  it('before: every program page states its start in its HTML; the event sells', async () => {
    const c = await cohort();
    const start = formatCohortDate(c.starts_at.toISOString(), c.time_zone);
    for (const path of PROGRAM_ROUTES.filter((p) => p !== '/pitch-deck')) expect(await html(path), path).toContain(start);
    const [event] = events(await html('/events/i-am-the-business'));
    expect(Date.parse(event!.startDate)).toBeGreaterThan(now.getTime());
    expect(event).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', offers: { availability: 'https://schema.org/InStock' } });
  });

  it('after: no page or JSON-LD calls it upcoming or sells it; a person leaves an e-mail instead', async () => {
    const c = await cohort();
    now = new Date(c.starts_at.getTime() + 60_000);
    const start = formatCohortDate(c.starts_at.toISOString(), c.time_zone);
    for (const path of PROGRAM_ROUTES) {
      const page = await html(path);
      expect(page, path).not.toContain(`Starts ${start}`);
      expect(page, path).not.toContain('Enroll Now');
      expect(page, path).not.toMatch(/Applications open|Enrolment open/);
    }
    const [event] = events(await html('/events/i-am-the-business'));
    expect(Date.parse(event!.startDate)).toBeLessThan(now.getTime());
    expect(event!.offers.availability).toBe('https://schema.org/Discontinued');
    expect((await anonymous(site.app.app).request('POST', '/api/payments/program', { kind: 'program' })).statusCode).toBe(409);

    const context = await recordingContext(site.browser);
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/incubator`);
    await page.getByText('No cohort is open for enrolment right now').first().waitFor();
    await page.getByLabel('Your e-mail address').fill('next.time@example.org');
    await page.getByRole('button', { name: 'Notify me when enrolment opens' }).click();
    await page.getByText('We will e-mail you when enrolment opens.').waitFor();
    expect(await db()('cohort_notify_requests').pluck('email')).toEqual(['next.time@example.org']);
    await context.close();
  });
});

describe('seats running out while a person looks', () => {
  it('Enroll says "This cohort is full" with the waitlist form when the last seat went meanwhile', async () => {
    now = T0;
    const c = await cohort();
    await db()('cohorts').where({ id: c.id }).update({ seats: 1 });
    const context = await recordingContext(site.browser);
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/incubator`);
    const enroll = page.getByRole('button', { name: /Enroll Now - \$2,497/ }).first();
    await enroll.waitFor();
    // Someone else takes the last seat.
    expect((await anonymous(site.app.app).request('POST', '/api/payments/program', { kind: 'program' })).statusCode).toBe(200);
    await enroll.click();
    await page.getByText('This cohort is full').first().waitFor();
    await page.getByRole('button', { name: 'Notify me when enrolment opens' }).first().waitFor();
    expect(await page.getByRole('button', { name: /Enroll Now/ }).count()).toBe(0);
    await screenshot(page, 'cohort-full');
    await context.close();
  });
});

describe('/admin/cohorts', () => {
  it('shows seats taken, held and free, and creates the next cohort (audited)', async () => {
    for (const width of [1280, 375]) {
      const context = await recordingContext(site.browser, { width, height: 900 });
      await signInBrowser(context, site.app.baseUrl, db(), `cohort_admin_${width}`, { admin: true });
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/admin/cohorts`);
      await page.getByTestId('cohort-seats').first().waitFor();
      expect(await page.getByTestId('cohort-seats').first().innerText()).toContain('0 taken · 1 held · 0 free');
      await screenshot(page, 'admin-cohorts');
      await context.close();
    }
    const context = await recordingContext(site.browser);
    await signInBrowser(context, site.app.baseUrl, db(), 'cohort_admin', { admin: true });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/admin/cohorts`);
    await page.getByRole('button', { name: 'New cohort' }).click();
    await page.getByLabel('Number').fill('2');
    await page.getByLabel('City').fill('Atlanta');
    await page.getByLabel('Start date').fill('2031-09-06');
    await page.getByLabel('Enrolment opens').fill('2031-06-01T09:00');
    await page.getByLabel('Enrolment closes').fill('2031-09-01T09:00');
    await page.getByRole('button', { name: 'Create cohort' }).click();
    await page.getByRole('rowheader', { name: /Cohort 2/ }).waitFor();
    expect(await page.getByTestId('cohort-row').count()).toBe(2);
    const audit = await db()('security_audit_logs').where({ event_type: 'admin_cohort_created' }).first();
    expect(audit.details).toMatchObject({ number: 2, city: 'Atlanta', startsOn: '2031-09-06', seats: 25, priceCents: 249_700 });
    await context.close();
  });
});
