import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLYER_HEIGHT, FLYER_WIDTH, SESSION_DAYS } from '@app/common/domain/flyer';
import { createStorage, type Storage } from '@app/common/server/storage/index';
import type { RunningWorkers } from '../../worker/src/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { startTestWorker } from '../helpers/worker';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let browser: Browser;
let storage: Storage;
let worker: RunningWorkers;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  storage = createStorage(t.config);
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await worker?.close();
  storage?.close();
  await t?.close();
});

describe('weekly flyer generator', () => {
  it('renders the three flyers of the first speaker with a topic and downloads them as dog-pound flyer PNGs', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByLabel('Username').fill('amara_okafor');
    await page.getByRole('button', { name: 'Sign in as this member' }).click();
    await page.waitForURL(/\/community/);

    await page.goto(`${t.baseUrl}/speakers`);
    await page.getByText('No speaker has a topic yet').waitFor();
    await page.getByLabel('Topic').fill('Owning the corner store: cooperatives that keep money in the neighbourhood');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByTestId('flyer-speaker').getByText('amara_okafor').waitFor();

    await page.getByRole('button', { name: 'Generate all three' }).click();
    for (const day of SESSION_DAYS) await page.getByRole('link', { name: `Download ${day}` }).waitFor({ timeout: 45_000 });
    await page.getByTestId('flyer-friday').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.data/screenshots/speakers-flyers.png', fullPage: true });

    for (const day of SESSION_DAYS) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${day}` }).click()]);
      expect(download.suggestedFilename()).toBe(`dog-pound-flyer-${day.toLowerCase()}.png`);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([FLYER_WIDTH, FLYER_HEIGHT]);
    }
    // The same flyers are rendered once: one row each, all ready.
    const rows = await t.database.db('flyers').select('session_day', 'status');
    expect(rows.map((r: { session_day: string }) => r.session_day).sort()).toEqual(['Friday', 'Monday', 'Wednesday']);
    expect(rows.every((r: { status: string }) => r.status === 'ready')).toBe(true);
    await context.close();
  });

  it('shows Generation Failed when the render fails', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByLabel('Username').fill('second_member');
    await page.getByRole('button', { name: 'Sign in as this member' }).click();
    await page.waitForURL(/\/community/);
    await page.goto(`${t.baseUrl}/speakers`);
    await page.getByTestId('flyer-speaker').getByText('amara_okafor').waitFor();
    // The speaker clears the topic after this page loaded: the server refuses the flyer.
    await t.database.db('users').where({ discord_username: 'amara_okafor' }).update({ speaker_topic: null });
    await page.getByRole('button', { name: 'Generate the Monday flyer' }).click();
    await page.getByText('Generation Failed').first().waitFor();
    await context.close();
  });
});
