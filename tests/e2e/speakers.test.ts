import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '@app/common/server/users.repository';
import { signInThroughPage } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

beforeAll(async () => {
  await site.app.database.db('session_archive').insert([
    { session_title: 'Owning the corner store', speaker_name: 'amara_okafor', speaker_topic: 'Cooperatives', duration_seconds: 900, actual_start_time: '2026-01-05T12:00:00Z' },
    { session_title: 'Ship it small', speaker_name: 'marcus_lee', speaker_topic: 'Product', duration_seconds: 1200, actual_start_time: '2026-01-07T12:00:00Z' },
  ]);
});

const signIn = (page: Page, username: string) => signInThroughPage(page, site.app.baseUrl, username);

describe('speaker page', () => {
  it('lets an admin create a session and shows its token once', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'speaker_admin');
    const user = await site.app.database.db('users').where({ discord_username: 'speaker_admin' }).first('id');
    await grantAdmin(site.app.database.db, user.id);
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Manage Sessions' }).click();
    await page.getByRole('button', { name: 'New Session' }).click();
    const create = page.getByRole('button', { name: 'Create Session' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Title').fill('Monday morning');
    await page.getByLabel('Scheduled date').fill('2030-03-11T07:00');
    await page.getByLabel('Find a member').fill('speaker_admin');
    await expect.poll(() => page.getByLabel('Speaker', { exact: true }).locator('option', { hasText: 'speaker_admin' }).count()).toBe(1);
    await page.getByLabel('Speaker', { exact: true }).selectOption({ label: 'speaker_admin' });
    await create.click();
    await page.getByText('Session Created').first().waitFor();
    const token = await page.getByTestId('speaker-token').innerText();
    expect(token).toMatch(/^adxs_[\w-]{43}$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('manage-session').first().waitFor();
    expect(await page.getByTestId('session-status').first().innerText()).toBe('scheduled');
    await page.getByRole('button', { name: 'Open Studio' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Manage Sessions' }).click();
    await page.getByTestId('manage-session').first().waitFor();
    expect(await page.getByTestId('speaker-token').count()).toBe(0);
    await context.close();
  });

  it('hides Manage from a member; archive search, sort and favorite work', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'plain_listener');
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Session Archive' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Manage Sessions' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Session Archive' }).click();
    await page.getByTestId('archive-card').first().waitFor();
    expect(await page.getByTestId('archive-totals').innerText()).toContain('35');
    expect(await page.getByTestId('archive-card').first().innerText()).toContain('Ship it small');
    await page.getByLabel('Search sessions').fill('corner');
    await expect.poll(() => page.getByTestId('archive-card').count()).toBe(1);
    await page.getByLabel('Search sessions').fill('');
    await expect.poll(() => page.getByTestId('archive-card').count()).toBe(2);
    await page.getByRole('button', { name: '☆ Favorite' }).first().click();
    await page.getByRole('button', { name: '★ Favorited' }).waitFor();
    await context.close();
  });

  it('asks a visitor to log in to favorite', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Session Archive' }).click();
    await page.getByRole('button', { name: '☆ Favorite' }).first().click();
    await page.getByText('Please log in to favorite sessions').first().waitFor();
    await page.close();
  });
});
