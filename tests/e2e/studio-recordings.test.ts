import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { StreamHead } from '../../web/src/features/studio/chunks';
import { buildSpeakerSessionWithToken } from '../factories/index';
import { useE2eSite } from '../helpers/e2e';
import { probe } from '../helpers/media';
import { screenshot } from '../helpers/site';

const site = useE2eSite({ worker: true });

async function timerSeconds(page: Page): Promise<number> {
  const [m, s] = (await page.getByTestId('studio-timer').innerText()).trim().split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}
const status = (page: Page) => page.getByTestId('studio-status').innerText();

async function studioPage(title: string, init?: string): Promise<{ sessionId: string; context: BrowserContext; page: Page }> {
  const { sessionId, token } = await buildSpeakerSessionWithToken(site.app.database.db, { session_title: title });
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (init) await context.addInitScript({ content: init });
  const page = await context.newPage();
  await page.goto(`${site.app.baseUrl}/speaker-studio`);
  await page.getByLabel('Session token').fill(token);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  return { sessionId, context, page };
}

/**
 * A file's duration against the studio's timer read at Stop. The timer shows whole seconds elapsed, so the take can
 * be up to a second longer than it says, plus the last frame the container gives a duration of its own (a clean
 * clone once saw an MP4 of timer + 1.007 s); more than a second shorter would mean media lost.
 */
function expectDurationOfTimer(duration: number, timer: number): void {
  expect(duration).toBeGreaterThanOrEqual(timer - 1);
  expect(duration).toBeLessThanOrEqual(timer + 1.1);
}

/** Records about `seconds` live with one pause in the middle, then Stop; answers the timer's seconds. */
async function recordWithPause(page: Page, seconds: number): Promise<number> {
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect.poll(() => status(page), { timeout: 20_000 }).toBe('live');
  await expect.poll(() => timerSeconds(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(seconds / 2);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => status(page)).toBe('paused');
  await page.waitForTimeout(2_000);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => timerSeconds(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(seconds);
  await page.getByRole('button', { name: 'Stop' }).click();
  const timer = await timerSeconds(page);
  await expect.poll(() => status(page), { timeout: 90_000 }).toBe('completed');
  return timer;
}

/**
 * Plays the stored recording in a page of its own (the archive's Watch opens the file the same way): its
 * duration is finite and matches the timer, and playback seeks to the middle and goes on from there.
 */
async function expectSeekable(context: BrowserContext, recordingUrl: string, timer: number): Promise<void> {
  const page = await context.newPage();
  // Chromium shows a media file in its own document around one <video> (the archive's Watch opens it so).
  await page.goto(new URL(recordingUrl, site.app.baseUrl).toString());
  await expect.poll(() => page.evaluate('document.querySelector("video").readyState') as Promise<number>, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const duration = (await page.evaluate('document.querySelector("video").duration')) as number;
  expect(Number.isFinite(duration)).toBe(true);
  expectDurationOfTimer(duration, timer);
  const middle = duration / 2;
  await page.evaluate(`(() => { const v = document.querySelector('video'); v.muted = true; v.currentTime = ${middle}; return v.play(); })()`);
  await expect.poll(() => page.evaluate('document.querySelector("video").currentTime') as Promise<number>, { timeout: 20_000 }).toBeGreaterThan(middle + 0.5);
  expect((await page.evaluate('document.querySelector("video").currentTime')) as number).toBeLessThan(duration);
  await page.close();
}

async function storedRecording(sessionId: string) {
  const session = await site.app.database.db('speaker_sessions').where({ id: sessionId }).first();
  const rec = await site.app.database.db('recordings').where({ session_id: sessionId, status: 'completed' }).first();
  const bytes = (await site.app.app.storage.get(rec.object_key))!;
  const file = path.join(os.tmpdir(), `e2e-${path.basename(rec.object_key)}`);
  await writeFile(file, bytes);
  return { session, rec, probed: probe(file) };
}

describe('finalized recordings play and seek', () => {
  it('WebM (VP9): ~20 s with a pause; the file states its duration, the archive row has it, playback seeks', async () => {
    const { sessionId, context, page } = await studioPage('Seekable WebM');
    const timer = await recordWithPause(page, 20);
    const { session, rec, probed } = await storedRecording(sessionId);
    expect(probed.formatName).toContain('webm');
    expect(probed.duration).not.toBeNull();
    expectDurationOfTimer(probed.duration!, timer);
    expect(rec.container).toBe('webm');
    expect((await site.app.database.db('session_archive').where({ session_id: sessionId }).first()).duration_seconds).toBe(rec.duration_seconds);
    await expectSeekable(context, session.recording_url, timer);
    await context.close();
  }, 180_000);

  it('MP4 where the browser cannot make WebM: accepted, finalized and seekable the same way', async () => {
    // As on Safari: MediaRecorder refuses every WebM type.
    const denyWebm = "(() => { const s = MediaRecorder.isTypeSupported.bind(MediaRecorder); MediaRecorder.isTypeSupported = (t) => !/webm/i.test(t) && s(t); })();";
    const { sessionId, context, page } = await studioPage('Seekable MP4', denyWebm);
    const timer = await recordWithPause(page, 8);
    const { session, rec, probed } = await storedRecording(sessionId);
    expect(rec).toMatchObject({ container: 'mp4', mime_type: 'video/mp4' });
    expect(rec.object_key).toMatch(/\.mp4$/);
    expect(probed.formatName).toContain('mp4');
    expectDurationOfTimer(probed.duration!, timer);
    await expectSeekable(context, session.recording_url, timer);
    await context.close();
  }, 180_000);
});

describe('nothing lost to a crash', () => {
  it('chunks cut off from the network survive closing the page; reopening the studio uploads them and finishes the take', async () => {
    // Every non-empty chunk MediaRecorder hands the page, kept so the test knows what was recorded. The first one is
    // handed over as a 1-byte piece and the rest, as Chromium sometimes does, so the take always starts that way.
    const keepChunks = `(() => {
      const d = Object.getOwnPropertyDescriptor(MediaRecorder.prototype, 'ondataavailable');
      Object.defineProperty(MediaRecorder.prototype, 'ondataavailable', {
        configurable: true,
        get() { return d.get.call(this); },
        set(fn) {
          const keep = (e) => { if (e.data.size > 0) (window.__recorded ??= []).push(e.data); return fn.call(this, e); };
          d.set.call(this, fn && ((e) => {
            if (window.__recorded || e.data.size < 2) return keep(e);
            keep(new BlobEvent('dataavailable', { data: e.data.slice(0, 1, e.data.type) }));
            return keep(new BlobEvent('dataavailable', { data: e.data.slice(1, e.data.size, e.data.type) }));
          }));
        },
      });
    })();`;
    const { sessionId, context, page } = await studioPage('Crash', keepChunks);
    let cut = false;
    const live: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/studio\/ingest/, (ws) => {
      if (cut) return void ws.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
      ws.connectToServer();
      live.push(ws);
    });
    // Chunks the server holds before the cut: none yet is a slow start (the first ones were still on the way at 3 s
    // on a slow host), not what the cut is about, so the cut waits for the first one too.
    const heldOnServer = async () => {
      const take = await site.app.database.db('recordings').where({ session_id: sessionId }).first('id');
      if (!take) return 0;
      return Number((await site.app.database.db('recording_chunks').where({ recording_id: take.id }).count({ n: '*' }).first())?.n ?? 0);
    };
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => timerSeconds(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(heldOnServer, { timeout: 30_000 }).toBeGreaterThan(0);
    cut = true;
    for (const ws of live.splice(0)) await ws.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
    await expect.poll(() => timerSeconds(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    // Pause so no chunk is mid-flight, let the last ones reach IndexedDB, note what was recorded, then the tab dies.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(2_000);
    const recorded = (await page.evaluate(`(async () => {
      const bytes = await new Blob(window.__recorded).arrayBuffer();
      const hash = await crypto.subtle.digest('SHA-256', bytes);
      return { sizes: window.__recorded.map((b) => b.size), sha256: [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('') };
    })()`)) as { sizes: number[]; sha256: string };
    // The uploader sends the stream's first bytes together with the next piece when MediaRecorder's first piece is
    // tiny (StreamHead), so the chunks it numbers are the recorded pieces after that same rule.
    const head = new StreamHead();
    const chunks = recorded.sizes.filter((size) => head.take(new Uint8Array(size)) !== null).length;
    const take = await site.app.database.db('recordings').where({ session_id: sessionId }).first();
    const held = await heldOnServer();
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(chunks); // chunks piled up in the browser
    await page.close({ runBeforeUnload: false });

    const again = await context.newPage();
    await again.goto(`${site.app.baseUrl}/speaker-studio`);
    await again.getByTestId('leftover-take').waitFor({ timeout: 20_000 });
    await again.getByText('This browser saved').waitFor();
    await screenshot(again, 'studio-recover');
    await again.setViewportSize({ width: 375, height: 812 });
    await screenshot(again, 'studio-recover');
    await again.setViewportSize({ width: 1280, height: 900 });
    await again.getByRole('button', { name: 'Upload and End Previous Take' }).click();
    await expect.poll(() => status(again), { timeout: 90_000 }).toMatch(/^(completed|error)$/);
    const rec = await site.app.database.db('recordings').where({ id: take.id }).first();
    const shown = (await again.getByTestId('studio-error').count()) ? await again.getByTestId('studio-error').innerText() : '';
    expect(await status(again), `${shown} / take ${rec.status}: ${rec.error}`).toBe('completed');
    expect(rec.status).toBe('completed');
    expect(rec.final_seq).toBe(chunks - 1);
    expect(rec.source_sha256).toBe(recorded.sha256);
    // The saved chunks are gone from the browser once the take is finished.
    await expect.poll(() => again.getByTestId('leftover-take').count()).toBe(0);
    await context.close();
  }, 180_000);
});
