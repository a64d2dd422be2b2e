import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FLYER_HEIGHT, FLYER_WIDTH, SESSION_DAYS } from '@app/common/domain/flyer';
import { DEMO_ARCHIVE, seedDemo } from '../../scripts/lib/seed';
import { signInThroughPage } from '../helpers/site';
import { eventually } from '../helpers/worker';
import { downloaded } from '../helpers/browser';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite({ worker: true });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const signIn = (page: Page, username: string) => signInThroughPage(page, site.app.baseUrl, username);

describe('speaker page recorder', () => {
  it('records mono 44.1 kHz Opus with echo cancellation and noise suppression in 1 s chunks, stores audio-{timestamp}.webm and saves the profile', async () => {
    const context = await site.browser.newContext();
    // Record what the page asks the browser for (the fake microphone answers whatever it is asked).
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __media: unknown[] }).__media = calls;
      const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c) => {
        calls.push({ getUserMedia: c });
        return gum(c);
      };
      const Real = window.MediaRecorder;
      class Spy extends Real {
        constructor(stream: MediaStream, opts?: MediaRecorderOptions) {
          super(stream, opts);
          calls.push({ mimeType: opts?.mimeType });
        }
        override start(timeslice?: number) {
          calls.push({ timeslice });
          super.start(timeslice);
        }
      }
      window.MediaRecorder = Spy;
    });
    const page = await context.newPage();
    await signIn(page, 'voice_member');
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByLabel('Topic').fill('Leading from the front');
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page.waitForTimeout(1_500);
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Audio uploaded and profile updated!', { exact: true }).waitFor({ timeout: 15_000 });
    const calls = await page.evaluate(() => (window as unknown as { __media: unknown[] }).__media);
    expect(calls).toEqual([
      { getUserMedia: { audio: { channelCount: 1, sampleRate: 44_100, echoCancellation: true, noiseSuppression: true } } },
      { mimeType: 'audio/webm;codecs=opus' },
      { timeslice: 1000 },
    ]);
    const user = await site.app.database.db('users').where({ discord_username: 'voice_member' }).first('audio_file_url', 'speaker_topic');
    expect(user.audio_file_url).toMatch(/^\/files\/user-audio\/dev_voice_member\/audio-\d{13}\.webm$/);
    // The profile was saved after the upload, with the topic typed in the form.
    expect(user.speaker_topic).toBe('Leading from the front');
    // Out of the flyer tests' way: they start with no speaker.
    await site.app.database.db('users').where({ discord_username: 'voice_member' }).update({ speaker_topic: null });
    await context.close();
  });

  it('says Recording Error when the microphone is refused', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await signIn(page, 'mic_refused');
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('button', { name: 'Record' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await toasts.getByText('Recording Error', { exact: true }).waitFor();
    await toasts.getByText('Failed to access microphone. Please check permissions.', { exact: true }).waitFor();
    await context.close();
  });
});

describe('weekly flyer generator', () => {
  it('renders the three flyers of the first speaker with a topic, downloads them as dog-pound flyer PNGs, and needs one click per flyer', async () => {
    const context = await site.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByLabel('Username').fill('amara_okafor');
    await page.getByRole('button', { name: 'Sign in as this member' }).click();
    await page.waitForURL(/\/community/);

    await page.goto(`${site.app.baseUrl}/speakers`);
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
      const bytes = await downloaded(download);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([FLYER_WIDTH, FLYER_HEIGHT]);
    }
    // The same flyers are rendered once: one row each, all ready.
    const rows = await site.app.database.db('flyers').select('session_day', 'status');
    expect(rows.map((r: { session_day: string }) => r.session_day).sort()).toEqual(['Friday', 'Monday', 'Wednesday']);
    expect(rows.every((r: { status: string }) => r.status === 'ready')).toBe(true);

    // One click is enough even when the speaker list refreshes while the render runs (a profile just saved):
    // the answer used to be filed under the old profile version and dropped, so the card asked for a second click.
    // A newer profile version (the flyers above are now out of date), then a save whose list refresh comes late.
    await site.app.database.db('users').where({ discord_username: 'amara_okafor' }).update({ updated_at: site.app.database.db.fn.now() });
    await page.reload();
    await page.getByRole('button', { name: 'Generate the Friday flyer' }).waitFor();
    let delayed = false;
    await page.route('**/api/speakers', async (route) => {
      if (delayed) return route.continue();
      delayed = true;
      await new Promise((r) => setTimeout(r, 6_000));
      await route.continue();
    });
    await page.getByLabel('Topic').fill('Cooperatives that keep money local, revised');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile Saved').first().waitFor();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/speakers'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Generate the Friday flyer' }).click();
    await refreshed;
    await page.getByTestId('flyer-speaker').getByText('revised').waitFor();
    await page.getByTestId('flyer-friday').getByRole('link', { name: 'Download Friday' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('offers to ask again when a render stays pending (no worker taking jobs), and the next ask gets it', async () => {
    await site.app.database.db('users').where({ discord_username: 'amara_okafor' }).update({ speaker_topic: 'Cooperatives, year two', updated_at: site.app.database.db.fn.now() });
    const render = site.worker.workers.find((w) => w.name === 'render')!;
    await render.pause();
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, 'patient_member');
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByTestId('flyer-speaker').getByText('Cooperatives, year two').waitFor();
    await page.getByRole('button', { name: 'Generate the Wednesday flyer' }).click();
    const card = page.getByTestId('flyer-wednesday');
    // The API waits a few seconds, then answers 202: the page shows the render in progress.
    await card.getByText('Rendering your flyer…').waitFor({ timeout: 20_000 });
    await page.clock.fastForward(61_000);
    await card.getByText('Still waiting for the render').waitFor();
    render.resume();
    await card.getByRole('button', { name: 'Generate the Wednesday flyer' }).click();
    await card.getByRole('link', { name: 'Download Wednesday' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('shows Generation Failed when the render fails', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Login with Discord' }).click();
    await page.getByLabel('Username').fill('second_member');
    await page.getByRole('button', { name: 'Sign in as this member' }).click();
    await page.waitForURL(/\/community/);
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByTestId('flyer-speaker').getByText('amara_okafor').waitFor();
    // The speaker clears the topic after this page loaded: the server refuses the flyer.
    await site.app.database.db('users').where({ discord_username: 'amara_okafor' }).update({ speaker_topic: null });
    await page.getByRole('button', { name: 'Generate the Monday flyer' }).click();
    await page.getByText('Generation Failed').first().waitFor();
    await context.close();
  });
});

describe('archive thumbnails', () => {
  it('shows each archived session\'s rendered card once the worker has drawn it (a placeholder until then)', async () => {
    await seedDemo(site.app.database.db);
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.app.baseUrl}/speakers`);
    await page.getByRole('tab', { name: 'Session Archive' }).click();
    await page.getByTestId('archive-card').first().waitFor();
    // This listing asked for the thumbnails; the worker draws them, the next listing shows them.
    await eventually(async () => !(await site.app.database.db('session_archive').whereNull('thumbnail_url').first('id')), 30_000, 'the thumbnails');
    await page.reload();
    await page.getByRole('tab', { name: 'Session Archive' }).click();
    const thumbs = page.getByTestId('archive-thumbnail');
    await expect.poll(() => thumbs.count()).toBe(DEMO_ARCHIVE.length);
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="archive-thumbnail"]')).every((img) => img.complete && img.naturalWidth === 640 && img.naturalHeight === 360));
    await page.screenshot({ path: '.data/screenshots/speakers-archive.png' });
    await page.close();
  });
});
