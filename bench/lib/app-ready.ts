import { chromium } from 'playwright-core';

/**
 * How long after the page's load event the app is ready (React has hydrated the page and set <html data-app-ready>,
 * web/src/lib/early-input.ts), with the CPU slowed 4x through the Chrome DevTools Protocol as on a mid-range phone:
 * the time a person may type or click before the page's own handlers answer (the page holds and replays that input).
 * The median of `runs` fresh loads of `url`, in ms (negative: ready before load).
 */
export async function loadToAppReady(chromePath: string, url: string, runs: number): Promise<{ median: number; runs: number[] }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // Notes when the attribute appears (a DevTools init script: the page's CSP does not apply to it).
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.documentElement.hasAttribute('data-app-ready')) return;
          (window as unknown as { readyAt: number }).readyAt = performance.now();
          observer.disconnect();
          // The document, not its <html>: an init script runs before the parser has made that element.
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 60_000 });
      const ms = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return (window as unknown as { readyAt: number }).readyAt - nav.loadEventStart;
      });
      times.push(Math.round(ms));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0, runs: times };
}
