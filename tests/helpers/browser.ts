import { existsSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { chromium, type Browser, type Download, type LaunchOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** The Debian Chromium that scripts/test.ts installs; CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * True once the app has started on the page: React has committed it and marked <html data-app-ready> (web/src/main.tsx;
 * before that, a hydration running in a transition may not have the clicked control yet). At once on a page without
 * the prerendered pages' loader (the shell, JSON, media). A function, not a string: the pages' CSP refuses string
 * evaluation in the page.
 */
const appStarted = () => !document.querySelector('script[data-entry]') || document.documentElement.hasAttribute('data-app-ready');

const PATCHED = Symbol('gotoWaitsForTheApp');

/**
 * The prerendered pages request the app only after their first paint (scripts/prerender-web.ts), which can come after
 * the `load` event page.goto waits for; a test clicking at once would then click HTML no script listens to yet (a
 * form would even submit natively). So page.goto and page.reload, on every page of the browsers launched here, also
 * wait until the app has started, as they did while the entry was a <script type="module"> in the head (run before
 * `load`).
 */
function gotoWaitsForTheApp(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Page & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const goto = proto.goto;
  proto.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const response = await goto.apply(this, args);
    // waitUntil 'commit' asks to wait for nothing more (a test of the page before its app starts).
    if (args[1]?.waitUntil !== 'commit') await this.waitForFunction(appStarted);
    return response;
  };
  const reload = proto.reload;
  proto.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    await this.waitForFunction(appStarted);
    return response;
  };
  proto[PATCHED] = true;
}

/**
 * Headless Chromium with the flags this sandbox needs (no network beyond localhost). `blockPopups` keeps Chromium's
 * pop-up blocker on (Playwright turns it off), as a visitor's browser has it. The e2e project's global setup
 * (tests/setup/browser.ts) runs one such Chromium for the whole run; without pop-ups blocked, this connects to it (the
 * file's contexts close with the connection), else it launches a Chromium of the file's own.
 */
export async function launchBrowser(opts: { blockPopups?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run npm test (it installs it) or set CHROMIUM_PATH`);
  const blockPopups = opts.blockPopups ?? false;
  const shared = blockPopups ? undefined : inject('browserWsEndpoint');
  const browser = shared ? await chromium.connect(shared) : await chromium.launch({ executablePath: CHROMIUM, ...chromiumOptions(blockPopups) });
  const page = await browser.newPage();
  gotoWaitsForTheApp(page);
  await page.close();
  return browser;
}

/** The launch options of {@link launchBrowser}'s Chromium (and of the shared one, with pop-ups not blocked). */
export function chromiumOptions(blockPopups: boolean): LaunchOptions {
  return {
    ...(blockPopups ? { ignoreDefaultArgs: ['--disable-popup-blocking'] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  };
}

/** A download's bytes. Not through download.path(), which a browser connected to (the shared one) does not have. */
export async function downloaded(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
