import { describe, expect, it } from 'vitest';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { buildUser } from '../factories/index';
import { useE2eSite } from '../helpers/e2e';
import { screenshot, signInBrowser } from '../helpers/site';

const site = useE2eSite();

describe('manage sessions as people run them', () => {
  it('credits the member the admin chose, cancels a scheduled session and sets its recording URL', async () => {
    // A member who signed in before (inserted, sparing the authentication limit shared by this file's sign-ins).
    const { id: speakerId } = await buildUser(site.app.database.db, { discord_username: 'chosen_voice' });
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(context, site.app.baseUrl, site.app.database.db, 'session_runner', { admin: true });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Manage Sessions' }).click();
    await page.getByRole('button', { name: 'New Session' }).click();
    await page.getByLabel('Title').fill('Chosen morning');
    await page.getByLabel('Scheduled date').fill('2030-03-11T07:00');
    const create = page.getByRole('button', { name: 'Create Session' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Find a member').fill('chosen');
    await expect.poll(() => page.getByLabel('Speaker', { exact: true }).locator('option', { hasText: 'chosen_voice' }).count()).toBe(1);
    await page.getByLabel('Speaker', { exact: true }).selectOption({ label: 'chosen_voice' });
    await screenshot(page, 'manage-new-session');
    await create.click();
    await page.getByTestId('speaker-token').waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByTestId('manage-session').filter({ hasText: 'Chosen morning' });
    await card.getByText('Speaker: chosen_voice').waitFor();
    const row = await site.app.database.db('speaker_sessions').where({ session_title: 'Chosen morning' }).first('id', 'speaker_id');
    expect(row.speaker_id).toBe(speakerId);

    await card.getByRole('button', { name: 'Recording URL' }).click();
    await page.getByRole('dialog').getByLabel('Recording URL').fill('https://video.example/chosen.webm');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('Recording URL Saved').first().waitFor();
    expect((await site.app.database.db('speaker_sessions').where({ id: row.id }).first('recording_url')).recording_url).toBe('https://video.example/chosen.webm');

    await card.getByRole('button', { name: 'Cancel Session' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Session' }).click();
    await expect.poll(() => card.getByTestId('session-status').innerText()).toBe('cancelled');
    expect(await card.getByRole('button', { name: 'Cancel Session' }).count()).toBe(0);
    await screenshot(page, 'manage-sessions');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'manage-sessions');
    await context.close();
  });
});

describe('archive and Brotherhood for everyone', () => {
  it('marks archived sessions without a recording instead of a dead Watch, and dates them in the viewer\'s time zone', async () => {
    // 02:00 UTC on 6 January is the evening of 5 January in Los Angeles.
    await site.app.database.db('session_archive').insert({ session_title: 'Evening in the West', speaker_name: 'west_speaker', duration_seconds: 600, actual_start_time: '2026-01-06T02:00:00Z' });
    const context = await site.browser.newContext({ timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Session Archive' }).click();
    const card = page.getByTestId('archive-card').filter({ hasText: 'Evening in the West' });
    await card.waitFor();
    expect(await card.innerText()).toContain('1/5/2026');
    await card.getByText('No recording available').waitFor();
    expect(await card.getByRole('button', { name: 'Watch' }).count()).toBe(0);
    await screenshot(page, 'archive-no-recording');
    await context.close();
  });

  it('shows a signed-out visitor the values and the community call to action on the Brotherhood tab', async () => {
    for (const width of [1280, 375]) {
      const page = await site.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${site.app.baseUrl}/speakers`);
      await page.getByRole('list', { name: 'Our values' }).getByText('Accountability').waitFor();
      await page.getByRole('link', { name: 'Join the Community' }).waitFor();
      await page.getByText('Sign in to meet the speakers').waitFor();
      await screenshot(page, 'brotherhood-signed-out');
      await page.close();
    }
  });
});

describe('small promises', () => {
  it('says "Failed to sign out" from the user menu and from the mobile menu when sign-out fails', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(context, site.app.baseUrl, site.app.database.db, 'stuck_member');
    const page = await context.newPage();
    await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }));
    await page.goto(`${site.app.baseUrl}/pitch-deck`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Failed to sign out').first().waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Failed to sign out').first().waitFor();
    await context.close();
  });

  it('keeps the incubator card to what the working buttons do (no "open soon")', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByText('A sponsorship places an 11th or 12th grader in the program.').waitFor();
    expect(await page.getByText(/open soon/i).count()).toBe(0);
    await page.close();
  });

  it('pages the token admin table through every record', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ investor_id: `ADXT${String(i).padStart(3, '0')}`, purchase_date: '2024-02-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '10', source: 'admin' }));
    await site.app.database.db.transaction(async (trx) => {
      await trx('token_purchases').insert(rows);
      await appendToLog(trx);
    });
    const total = Number((await site.app.database.db('token_purchases').count({ n: '*' }).first())!.n);
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(context, site.app.baseUrl, site.app.database.db, 'paging_admin', { admin: true });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/token-admin`);
    await page.getByTestId('admin-row').first().waitFor();
    expect(await page.getByTestId('records-count').innerText()).toBe(`(${total})`);
    expect(await page.getByTestId('admin-row').count()).toBe(50);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('admin-page').innerText()).toBe(`Page 2 of ${Math.ceil(total / 50)}`);
    await expect.poll(() => page.getByTestId('admin-row').count()).toBe(total - 50);
    await screenshot(page, 'token-admin-paged');
    await context.close();
  });
});
