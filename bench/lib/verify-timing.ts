import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { quantile } from './harness';
import { floorVerify } from './verify-floor';

/**
 * The ledger page's Verify for one row, timed in the page (click on the row's Verify -> the panel shows its outcome),
 * with the CPU slowed 4x through the Chrome DevTools Protocol as on a mid-range phone. Each round is a fresh browser
 * context (nothing cached, no checkpoint remembered), after one untimed round: `cold` is the first Verify on the page
 * (it loads the verifier's code); `warm` verifies the same row again after closing the panel (code loaded, the
 * checkpoint remembered). `floor` is the floor peer's click -> outcome in the same round (verify-floor.ts).
 */
export async function verifyTimes(chromePath: string, origin: string, investorId: string, rounds: number): Promise<{ cold: number[]; warm: number[]; floor: number[]; failed: number }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const cold: number[] = [];
  const warm: number[] = [];
  const floor: number[] = [];
  let failed = 0;
  try {
    // Round -1 is not timed: it warms the API (a process just started, whose proof and checkpoint handlers have not
    // run yet), as the other benches warm up before they measure. The page side stays cold in every round.
    for (let i = -1; i < rounds; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`${origin}/token-ledger`, { waitUntil: 'load' });
      await page.getByLabel('Investor ID').fill(investorId);
      await page.getByTestId('ledger-verify-row').first().waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [kind, into] of [['cold', cold], ['warm', warm]] as const) {
        const t = await traced(browser, page, `${kind}-${i}`, () => profiled(cdp, `${kind}-${i}`, () => timedVerify(page)));
        if (t.outcome !== 'verified') failed++;
        if (i >= 0) into.push(t.ms);
        await page.getByTestId('ledger-verify').getByRole('button', { name: 'Close' }).click();
        await page.getByTestId('ledger-verify').waitFor({ state: 'detached' });
      }
      // The floor peer in the same context, a page of its own, the same slowdown (verify-floor.ts).
      const bare = await context.newPage();
      const bareCdp = await context.newCDPSession(bare);
      await bareCdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const f = await floorVerify(bare, origin, investorId);
      if (f.outcome !== 'verified') failed++;
      if (i >= 0) floor.push(f.ms);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { cold, warm, floor, failed };
}

/** BENCH_CPU_PROF=<dir>: each timed Verify's CPU profile (DevTools' .cpuprofile) goes there. */
async function profiled<T>(cdp: CDPSession, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
  if (!dir) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const out = await run();
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `verify-${name}.cpuprofile`), JSON.stringify(profile));
  return out;
}

/** BENCH_TRACE=<dir>: each timed Verify's Chrome trace (devtools.timeline: style, layout, paint, scripts) goes there. */
async function traced<T>(browser: Browser, page: Page, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_TRACE ? path.resolve(process.env.BENCH_TRACE) : undefined;
  if (!dir) return run();
  mkdirSync(dir, { recursive: true });
  await browser.startTracing(page, { path: path.join(dir, `verify-${name}.json`), categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.gc', 'blink'] });
  try {
    return await run();
  } finally {
    await browser.stopTracing();
  }
}

/** One click on the first row's Verify, timed on the page's clock from the click to the panel's outcome. */
async function timedVerify(page: Page): Promise<{ ms: number; outcome: string }> {
  const done = page.evaluate(
    () =>
      new Promise<{ ms: number; outcome: string }>((resolve) => {
        let clickedAt = 0;
        const button = document.querySelector('[data-testid="ledger-verify-row"]')!;
        // Capture phase: noted before React's own handler runs.
        // The marks bound the click in a trace (BENCH_TRACE).
        button.addEventListener('click', () => void (clickedAt = performance.mark('verify-click').startTime), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const outcome = document.querySelector('[data-testid="ledger-verify"]')?.getAttribute('data-outcome');
          if (!clickedAt || !outcome || outcome === 'checking') return;
          observer.disconnect();
          resolve({ ms: performance.mark('verify-outcome').startTime - clickedAt, outcome });
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-outcome'] });
      }),
  );
  // Bounded: a page that never lets the click land or never shows an outcome fails the run instead of hanging it.
  await page.getByTestId('ledger-verify-row').first().click({ timeout: 30_000 });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no Verify outcome within 30 s of the click')), 30_000)));
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export const p50p99 = (xs: number[]) => `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.99).toFixed(0)}`;
/** `xs` against its peer's times of the same run, at the median and at p99. */
export const ratioOf = (xs: number[], peer: number[]) => `${(quantile(xs, 0.5) / quantile(peer, 0.5)).toFixed(1)}× / ${(quantile(xs, 0.99) / quantile(peer, 0.99)).toFixed(1)}×`;
