import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSpeakerSessionWithToken, buildUser } from '../factories/index';
import { screenshot, signInBrowser } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite({ worker: true });

/** The studio timer in seconds (m:ss). */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('studio-timer').innerText()).trim();
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

function status(page: Page): Promise<string> {
  return page.getByTestId('studio-status').innerText();
}

describe('live speaker studio', () => {
  it('records a session from the studio with the fake camera; the manage tab follows live; the archive plays it', async () => {
    // The admin creates the session in the manage tab and gets the speaker token.
    const adminContext = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(adminContext, site.app.baseUrl, site.app.database.db, 'studio_admin', { admin: true });
    // A member who signed in before (inserted: another sign-in here would spend the authentication limit the token gate needs).
    await buildUser(site.app.database.db, { discord_username: 'studio_voice' });
    const admin = await adminContext.newPage();
    await admin.goto(`${site.app.baseUrl}/speakers`);
    await admin.getByRole('tab', { name: 'Manage Sessions' }).click();
    await admin.getByRole('button', { name: 'New Session' }).click();
    await admin.getByLabel('Title').fill('Studio morning');
    await admin.getByLabel('Scheduled date').fill('2030-03-11T07:00');
    await admin.getByLabel('Discord channel link').fill('https://discord.gg/dogpound-live');
    // The speaker is a member the admin chooses (credited in the studio and the archive), not the admin.
    await admin.getByLabel('Find a member').fill('studio_voice');
    await expect.poll(() => admin.getByLabel('Speaker', { exact: true }).locator('option', { hasText: 'studio_voice' }).count()).toBe(1);
    await admin.getByLabel('Speaker', { exact: true }).selectOption({ label: 'studio_voice' });
    await admin.getByRole('button', { name: 'Create Session' }).click();
    const token = (await admin.getByTestId('speaker-token').innerText()).trim();
    expect(token).toMatch(/^adxs_/);
    await admin.keyboard.press('Escape');
    await admin.getByTestId('manage-session').first().waitFor();
    expect(await admin.getByTestId('session-status').first().innerText()).toBe('scheduled');

    // The speaker, in another browser (no member session), passes the token gate.
    const speakerContext = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studio = await speakerContext.newPage();
    await studio.goto(`${site.app.baseUrl}/speaker-studio`);
    await studio.getByRole('heading', { name: 'Speaker Authentication' }).waitFor();
    const authenticate = studio.getByRole('button', { name: 'Authenticate' });
    const field = studio.getByLabel('Session token');
    expect(await authenticate.isDisabled()).toBe(true);
    await field.fill('   ');
    expect(await authenticate.isDisabled()).toBe(true);
    await screenshot(studio, 'studio-token-gate');
    await studio.setViewportSize({ width: 390, height: 844 });
    await screenshot(studio, 'studio-token-gate');
    await studio.setViewportSize({ width: 1280, height: 900 });
    await field.fill('adxs_not-a-real-token');
    await field.press('Enter');
    await studio.getByText('Authentication Failed').first().waitFor();
    await studio.getByText('Authentication failed').first().waitFor();
    await field.fill(token);
    await field.press('Enter');
    await studio.getByText('Authentication Successful').first().waitFor();
    await studio.getByText('Welcome, studio_voice!').first().waitFor();
    await studio.getByRole('heading', { name: 'Studio morning' }).waitFor();
    expect(await status(studio)).toBe('idle');
    expect(await studio.getByRole('link', { name: 'Join Discord Call' }).getAttribute('href')).toBe('https://discord.gg/dogpound-live');
    // Only Start is offered while idle.
    expect(await studio.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect(await studio.getByRole('button', { name: 'Stop' }).count()).toBe(0);

    // A reload keeps the studio (the credential cookie is still valid).
    await studio.reload();
    await studio.getByRole('heading', { name: 'Studio morning' }).waitFor();
    expect(await studio.getByRole('heading', { name: 'Speaker Authentication' }).count()).toBe(0);
    // The fake camera shows in the preview.
    await expect.poll(() => studio.getByTestId('studio-preview').evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(studio, 'studio-idle');

    // The ingest socket runs through a proxy the test can cut: connections pass through to the server, except
    // while `hold` is set, when they open to the page but reach nothing (no hello).
    let hold = false;
    let ingestConnections = 0;
    const live: WebSocketRoute[] = [];
    const held: WebSocketRoute[] = [];
    await studio.routeWebSocket(/\/api\/studio\/ingest/, (ws) => {
      ingestConnections++;
      if (hold) {
        held.push(ws);
        return;
      }
      ws.connectToServer();
      live.push(ws);
    });

    // Start → live; the admin's open manage tab turns live without a reload.
    await studio.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => status(studio), { timeout: 20_000 }).toBe('live');
    expect(await studio.getByRole('button', { name: 'Start Recording' }).count()).toBe(0);
    await studio.getByRole('button', { name: 'Pause' }).waitFor();
    await studio.getByRole('button', { name: 'Stop' }).waitFor();
    await expect.poll(() => admin.getByTestId('session-status').first().innerText(), { timeout: 20_000 }).toBe('live');
    await expect.poll(() => studio.getByTestId('upload-connection').innerText(), { timeout: 20_000 }).toBe('Connected');
    await expect.poll(() => timerSeconds(studio), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await screenshot(studio, 'studio-live');

    // The connection drops mid-recording: the studio says it is reconnecting and how many chunks wait, warns
    // before the tab is closed, then resends them once the server is reachable again.
    hold = true;
    for (const ws of live.splice(0)) await ws.close({ code: 4000, reason: 'network drop' });
    await expect.poll(() => studio.getByTestId('upload-connection').innerText(), { timeout: 20_000 }).toBe('Reconnecting…');
    await expect.poll(() => studio.getByTestId('upload-pending').innerText(), { timeout: 20_000 }).toMatch(/^\d+ chunks? waiting for the server/);
    await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const dialog = studio.waitForEvent('dialog');
    await studio.close({ runBeforeUnload: true });
    const warning = await dialog;
    expect(warning.type()).toBe('beforeunload');
    await warning.dismiss();
    expect(studio.isClosed()).toBe(false);
    hold = false;
    for (const ws of held.splice(0)) await ws.close({ code: 4000, reason: 'still offline' });
    await expect.poll(() => studio.getByTestId('upload-connection').innerText(), { timeout: 30_000 }).toBe('Connected');
    await expect.poll(() => studio.getByTestId('upload-pending').innerText(), { timeout: 30_000 }).toBe('Every recorded chunk is safely on the server.');
    expect(ingestConnections).toBeGreaterThanOrEqual(3);
    expect(await status(studio)).toBe('live');

    // Pause: the timer stands still; Resume and Stop are offered.
    await studio.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => status(studio)).toBe('paused');
    await studio.getByRole('button', { name: 'Resume' }).waitFor();
    await studio.getByRole('button', { name: 'Stop' }).waitFor();
    const pausedAt = await timerSeconds(studio);
    await studio.waitForTimeout(1500);
    expect(await timerSeconds(studio)).toBe(pausedAt);

    await studio.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => status(studio)).toBe('live');
    await expect.poll(() => timerSeconds(studio), { timeout: 30_000 }).toBeGreaterThanOrEqual(pausedAt + 2);
    // Every recorded chunk reaches the server while recording.
    await expect.poll(() => studio.getByTestId('upload-pending').innerText(), { timeout: 30_000 }).toBe('Every recorded chunk is safely on the server.');

    // Stop → ending → uploading → completed, live through the session room.
    await studio.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => status(studio), { timeout: 90_000 }).toBe('completed');
    await studio.getByText('Recording Ended').first().waitFor();
    expect(await studio.getByTestId('finalize-progress').getAttribute('aria-valuenow')).toBe('100');
    // The finished recording plays in the studio.
    await expect.poll(() => studio.getByTestId('studio-playback').evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(studio, 'studio-completed');
    await studio.setViewportSize({ width: 390, height: 844 });
    await screenshot(studio, 'studio-completed');

    // The admin's manage tab saw it complete without a reload.
    await expect.poll(() => admin.getByTestId('session-status').first().innerText(), { timeout: 30_000 }).toBe('completed');
    await admin.getByText('Recording saved').first().waitFor();

    // The stored recording and the archive row.
    const session = await site.app.database.db('speaker_sessions').where({ session_title: 'Studio morning' }).first();
    // Every chunk once, in one take, none left over after the finalize.
    const recording = await site.app.database.db('recordings').where({ session_id: session.id }).first();
    expect(recording.status).toBe('completed');
    expect(session.status).toBe('completed');
    expect(session.recording_url).toBeTruthy();
    expect(session.duration_seconds).toBeGreaterThanOrEqual(4);
    const file = await adminContext.request.get(new URL(session.recording_url as string, site.app.baseUrl).toString());
    expect(file.ok()).toBe(true);
    const bytes = await file.body();
    // A WebM file (EBML magic) of real size.
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.byteLength).toBeGreaterThan(50_000);
    // Recorded as VP9 (Chromium supports it, so the VP8 fallback is not used).
    expect(bytes.includes('V_VP9')).toBe(true);

    // The archive lists it and it plays.
    await admin.getByRole('tab', { name: 'Session Archive' }).click();
    const card = admin.getByTestId('archive-card').filter({ hasText: 'Studio morning' });
    await card.waitFor();
    const popupPromise = admin.waitForEvent('popup');
    await card.getByRole('button', { name: /watch/i }).click();
    const player = await popupPromise;
    await player.waitForURL(/\.webm/, { timeout: 20_000 });
    await expect
      .poll(() => player.evaluate("document.querySelector('video')?.readyState ?? -1") as Promise<number>, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);

    await speakerContext.close();
    await adminContext.close();
  });
});

async function authenticate(page: Page, token: string, title: string): Promise<void> {
  await page.goto(`${site.app.baseUrl}/speaker-studio`);
  await page.getByLabel('Session token').fill(token);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

describe('studio failures', () => {
  it('says Recording Failed when the camera is refused, and goes back to idle', async () => {
    const { token } = await buildSpeakerSessionWithToken(site.app.database.db, { session_title: 'No camera session' });
    const context = await site.browser.newContext();
    // The browser's permission prompt refused (a string: this program is type-checked without the DOM library).
    await context.addInitScript({
      content: "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));",
    });
    const page = await context.newPage();
    await authenticate(page, token, 'No camera session');
    await page.getByText('Camera and microphone are not available').first().waitFor();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByText('Recording Failed').first().waitFor();
    await page.getByText('Unable to start recording. Please check your camera and microphone permissions.').first().waitFor();
    await expect.poll(() => status(page)).toBe('error');
    await page.getByRole('button', { name: 'Back to Studio' }).click();
    await expect.poll(() => status(page)).toBe('idle');
    await context.close();
  });

  it('after a reload mid-recording, offers to end the earlier take and saves what the server received', async () => {
    const { sessionId, token } = await buildSpeakerSessionWithToken(site.app.database.db, { session_title: 'Reloaded session' });
    const context = await site.browser.newContext();
    const page = await context.newPage();
    // Accept the "leave site?" warning the studio raises while recording.
    page.on('dialog', (d) => void d.accept());
    await authenticate(page, token, 'Reloaded session');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => status(page), { timeout: 20_000 }).toBe('live');
    await expect.poll(() => timerSeconds(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => Number((await site.app.database.db('recordings').where({ session_id: sessionId }).first('bytes_received'))?.bytes_received ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('heading', { name: 'An earlier take is still live' }).waitFor();
    expect(await status(page)).toBe('idle');
    await page.getByRole('button', { name: 'End Previous Take' }).click();
    await expect.poll(() => status(page), { timeout: 90_000 }).toBe('completed');
    const session = await site.app.database.db('speaker_sessions').where({ id: sessionId }).first();
    expect(session.status).toBe('completed');
    expect(session.recording_url).toBeTruthy();
    await context.close();
  });
});
