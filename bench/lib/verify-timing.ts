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
      // tsx keeps function names by wrapping them in `__name`, which the page does not have (a string is sent as it is).
      await page.evaluate('window.__name = (f) => f');
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
      // A floor that did not verify stopped short of the work it stands for: its time would flatter the ratio.
      if (f.outcome !== 'verified') throw new Error(`the floor peer did not verify the row: ${f.outcome}`);
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

interface VerifyProbe {
  clickedAt: number;
  outcome: string | null;
  done: Promise<{ ms: number; outcome: string }>;
}

/**
 * One click on the first row's Verify, timed on the page's clock from the click to the panel's outcome. The probe is
 * in place before the click is sent (an evaluation still on its way could miss it), and hears the click on the
 * document: React may have drawn the row's button anew between finding it and clicking it.
 */
async function timedVerify(page: Page): Promise<{ ms: number; outcome: string }> {
  await page.evaluate(() => {
    const probe = { clickedAt: 0, outcome: null } as Omit<VerifyProbe, 'done'> & { done?: VerifyProbe['done'] };
    probe.done = new Promise((resolve) => {
      const onClick = (e: Event) => {
        if (!(e.target instanceof Element) || !e.target.closest('[data-testid="ledger-verify-row"]')) return;
        document.removeEventListener('click', onClick, { capture: true });
        // The marks bound the click in a trace (BENCH_TRACE).
        probe.clickedAt = performance.mark('verify-click').startTime;
      };
      // Capture phase: noted before React's own handler runs.
      document.addEventListener('click', onClick, { capture: true });
      const observer = new MutationObserver(() => {
        const outcome = document.querySelector('[data-testid="ledger-verify"]')?.getAttribute('data-outcome') ?? null;
        probe.outcome = outcome;
        if (!probe.clickedAt || !outcome || outcome === 'checking') return;
        observer.disconnect();
        resolve({ ms: performance.mark('verify-outcome').startTime - probe.clickedAt, outcome });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-outcome'] });
    });
    (window as unknown as { verifyProbe: VerifyProbe }).verifyProbe = probe as VerifyProbe;
  });
  // Bounded: a page that never lets the click land or never shows an outcome fails the run instead of hanging it.
  await page.getByTestId('ledger-verify-row').first().click({ timeout: 30_000 });
  const done = page.evaluate(() => (window as unknown as { verifyProbe: VerifyProbe }).verifyProbe.done);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void page
        .evaluate(() => {
          const { clickedAt, outcome } = (window as unknown as { verifyProbe: VerifyProbe }).verifyProbe;
          return { clickedAt, outcome, url: location.href, panel: document.querySelector('[data-testid="ledger-verify"]')?.textContent ?? null };
        })
        .then(
          (state) => reject(new Error(`no Verify outcome within 30 s of the click: ${JSON.stringify(state)}`)),
          (err: Error) => reject(new Error(`no Verify outcome within 30 s of the click (page unreadable: ${err.message})`)),
        );
    }, 30_000);
  });
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export const p50p99 = (xs: number[]) => `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.99).toFixed(0)}`;
/** `xs` against its peer's times of the same run, at the median and at p99. */
export const ratioOf = (xs: number[], peer: number[]) => `${(quantile(xs, 0.5) / quantile(peer, 0.5)).toFixed(1)}× / ${(quantile(xs, 0.99) / quantile(peer, 0.99)).toFixed(1)}×`;
