import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The Debian Chromium that scripts/test.ts installs; CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
 * Launches headless Chromium with the flags this sandbox needs (no network beyond localhost). `blockPopups` keeps
 * Chromium's pop-up blocker on (Playwright turns it off), as a visitor's browser has it.
 */
export async function launchBrowser(opts: { blockPopups?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run npm test (it installs it) or set CHROMIUM_PATH`);
  const browser = await launch(opts.blockPopups ?? false);
  const page = await browser.newPage();
  gotoWaitsForTheApp(page);
  await page.close();
  return browser;
}

function launch(blockPopups: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
  });
}
