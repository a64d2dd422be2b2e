// Benchmark: the web app's weight and Lighthouse scores against their budget (docs/decisions/0002-public-ledger-page-weight.md).
// Builds web/dist, serves it from the real API (with the demo ledger seeded), then for each page runs
// Lighthouse's default mobile audit (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium and records
// the performance, accessibility, SEO and best-practices scores, LCP, and every script the page loaded (gzip size
// computed here from the built file, so the figure does not depend on how the server compresses), with the load
// average beside each run. Budget on each of /, /pitch-deck, /token-ledger (median of 5 runs): performance >= 98,
// accessibility 100, SEO 100, best practices >= 95, LCP <= 1,500 ms (simulated), JS loaded <= 110 KB gzip; and, measured
// in Chromium with the CPU slowed 4x (bench/lib/app-ready.ts), the app ready <= 1,000 ms after the page's load event.
// Then the ledger page's Verify of one row, click -> outcome shown, CPU 4x (bench/lib/verify-timing.ts): p99 <= 100 ms,
// over BENCH_WEB_VERIFY_ROUNDS (20) fresh pages, beside a floor peer that checks the same proof bare in each round
// (bench/lib/verify-floor.ts), so the figure can be read against the host. BENCH_WEB_ONLY=verify skips Lighthouse and the bundle table;
// BENCH_CPU_PROF=<dir> writes the page's CPU profile of each timed Verify there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/lib/chromium';
import { ROOT } from '../scripts/lib/paths';
import { startProcess, waitForHttp } from '../scripts/lib/proc';
import { seedDemo } from '../scripts/lib/seed';
import { buildWeb } from '../scripts/lib/web-build';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import { signCheckpoint } from '@app/common/server/ledger/tlog-checkpoints';
import { loadToAppReady } from './lib/app-ready';
import { p50p99, ratioOf, verifyTimes } from './lib/verify-timing';
import { benchDatabase, emptyLedger } from './lib/database';
import { freePort, quantile, report } from './lib/harness';

const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/pitch-deck,/token-ledger').split(',');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const VERIFY_ROUNDS = Number(process.env.BENCH_WEB_VERIFY_ROUNDS ?? 20);
const VERIFY_ONLY = process.env.BENCH_WEB_ONLY === 'verify';
const BUDGET = { jsKb: 110, performance: 98, accessibility: 100, seo: 100, bestPractices: 95, lcpMs: 1500, loadToReadyMs: 1000, verifyP99Ms: 100 };
const log = (m: string) => console.log(`[bench:web] ${m}`);

// BENCH_WEB_DIST: serve another build (e.g. a copy of web/dist made before a change) as it is, for an A/B run.
const DIST = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(ROOT, 'web/dist');
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every built JS chunk with its raw and gzip size. */
function chunkSizes(): Array<{ file: string; raw: number; gzip: number }> {
  const dir = path.join(DIST, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, raw: statSync(path.join(dir, f)).size, gzip: gzipOf(path.join(dir, f)) }))
    .sort((a, b) => b.gzip - a.gzip);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

if (!process.env.BENCH_WEB_DIST) await buildWeb(log, process.env.BENCH_WEB_REBUILD === '1');
const chromePath = await ensureChromium(log);

const { services, url: benchUrl, db, close } = await benchDatabase('adx_bench_web', log, { fresh: false });
await emptyLedger(db);
await seedDemo(db);
// What the worker does after a committed batch: the page's Verify checks a row against the latest checkpoint.
await signCheckpoint(db, ledgerSignerOf(process.env));
await db.destroy();

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const api = startProcess('api', path.join(ROOT, 'node_modules/.bin/tsx'), ['api/src/server.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: benchUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: 'bench_web',
    WEB_DIST: DIST,
  },
});

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
// Lighthouse's simulated throttling multiplies the CPU time it observes; on this shared 2-core machine other jobs
// inflate that time several-fold. With BENCH_WEB_NICE=-10 (root only) the browser, and the renderers it starts,
// run at a higher priority, so the figures describe the page rather than the neighbours. The docs say when it was used.
const niceness = process.env.BENCH_WEB_NICE;
/** The browser and every process under it (zygotes, so the renderers forked later inherit the priority). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // ps exits 1 when the process has no children.
  }
  return [pid, ...children.flatMap(processTree)];
}
function raisePriority(): void {
  if (!niceness || !chrome.pid) return;
  for (const pid of processTree(chrome.pid)) {
    try {
      setPriority(pid, Number(niceness));
    } catch (err) {
      log(`could not set the priority of ${pid}: ${(err as Error).message}`);
    }
  }
}
raisePriority();
let failed = false;
try {
  await waitForHttp(`${origin}/readyz`, 60_000);
  const rows: Array<Record<string, string | number>> = [];
  let failedRuns = 0;
  log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${cpus().length} cores`);
  for (const page of VERIFY_ONLY ? [] : PAGES) {
    const perf: number[] = [];
    const a11y: number[] = [];
    const seo: number[] = [];
    const practices: number[] = [];
    const lcps: number[] = [];
    const loads: string[] = [];
    let lcp = 0;
    let tbt = 0;
    let cls = 0;
    let scripts: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      raisePriority();
      const result = await lighthouse(`${origin}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { lhr } = result;
      // The last run's full report, to read what is on the LCP path (largest-contentful-paint-element, lcp-breakdown,
      // render-blocking-resources, critical-request-chains): bench/results/web-lighthouse<page>.json.
      mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
      writeFileSync(path.join(ROOT, `bench/results/web-lighthouse${page.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) {
        log(`${page}: run ${i + 1} failed (${lhr.runtimeError.code}); running it again`);
        i--;
        if (++failedRuns > 5) throw new Error(`Lighthouse keeps failing: ${lhr.runtimeError.message}`);
        continue;
      }
      perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
      seo.push(Math.round((lhr.categories.seo?.score ?? 0) * 100));
      practices.push(Math.round((lhr.categories['best-practices']?.score ?? 0) * 100));
      lcps.push(Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0));
      loads.push(loadavg()[0]!.toFixed(1));
      lcp += lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
      tbt += lhr.audits['total-blocking-time']?.numericValue ?? 0;
      cls += lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
      scripts = items.filter((it) => it.resourceType === 'Script' && it.url.startsWith(origin)).map((it) => new URL(it.url).pathname);
      for (const audit of Object.values(lhr.audits)) {
        for (const category of ['accessibility', 'seo', 'best-practices']) {
          if (lhr.categories[category]?.auditRefs.some((r) => r.id === audit.id && r.weight > 0) && audit.score !== null && audit.score < 1) {
            log(`${page}: ${category} audit failed: ${audit.id} (${audit.title})`);
          }
        }
      }
    }
    const ready = await loadToAppReady(chromePath, `${origin}${page}`, RUNS);
    const jsGzip = [...new Set(scripts)].reduce((sum, p) => sum + gzipOf(path.join(DIST, p)), 0);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const row = {
      page,
      'performance (median, runs)': `${median(perf)} (${perf.join(', ')})`,
      'accessibility': median(a11y),
      SEO: median(seo),
      'best practices': median(practices),
      'LCP ms (median, runs)': `${median(lcps)} (${lcps.join(', ')})`,
      'LCP ms mean': Math.round(lcp / RUNS),
      'TBT ms': Math.round(tbt / RUNS),
      CLS: (cls / RUNS).toFixed(3),
      'JS loaded, KB gzip': `${kb(jsGzip)} (${new Set(scripts).size} files)`,
      'load event to app ready, CPU 4x, ms (median, runs)': `${ready.median} (${ready.runs.join(', ')})`,
      'load average (1 min) per run': loads.join(', '),
    };
    rows.push(row);
    const met =
      median(perf) >= BUDGET.performance &&
      median(a11y) >= BUDGET.accessibility &&
      median(seo) >= BUDGET.seo &&
      median(practices) >= BUDGET.bestPractices &&
      median(lcps) <= BUDGET.lcpMs &&
      kb(jsGzip) <= BUDGET.jsKb &&
      ready.median <= BUDGET.loadToReadyMs;
    if (!met) failed = true;
  }
  if (!VERIFY_ONLY) report('web-lighthouse', rows, [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, default mobile config (simulated throttling), ${RUNS} runs per page, Chromium ${chromePath}.`,
    `Budget per page: performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, SEO ${BUDGET.seo}, best practices >= ${BUDGET.bestPractices}, LCP <= ${BUDGET.lcpMs} ms, JS <= ${BUDGET.jsKb} KB gzip, load event to app ready (CPU 4x, real browser) <= ${BUDGET.loadToReadyMs} ms -> ${failed ? 'NOT met' : 'met'}.`,
    `Chromium priority: ${niceness ? `nice ${niceness}` : 'normal'}.`,
    `Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${cpus().length} cores (simulated throttling scales the CPU time it observes, so a busy machine lowers the performance score).`,
  ]);
  if (!VERIFY_ONLY) {
    report(
      'web-bundle',
      chunkSizes().map((c) => ({ chunk: c.file, 'raw KB': kb(c.raw), 'gzip KB': kb(c.gzip) })),
    );
  }

  // ADX0010 has one demo purchase (bench seeds scripts/lib/seed.ts's ledger): its row is the one verified.
  const loadBefore = loadavg()[0]!.toFixed(1);
  log(`Verify of one ledger row, CPU 4x, ${VERIFY_ROUNDS} fresh pages (load average ${loadBefore})...`);
  const verify = await verifyTimes(chromePath, origin, 'ADX0010', VERIFY_ROUNDS);
  const verifyP99 = Math.max(quantile(verify.cold, 0.99), quantile(verify.warm, 0.99));
  const verifyMet = verify.failed === 0 && verifyP99 <= BUDGET.verifyP99Ms;
  if (!verifyMet) failed = true;
  report(
    'web-verify',
    [
      { Verify: 'first on the page (loads the verifier)', 'p50 / p99 ms': p50p99(verify.cold), runs: verify.cold.map((t) => t.toFixed(0)).join(', ') },
      { Verify: 'again on the same page', 'p50 / p99 ms': p50p99(verify.warm), runs: verify.warm.map((t) => t.toFixed(0)).join(', ') },
      { Verify: 'floor peer: the same proof checked bare (WebCrypto, no framework)', 'p50 / p99 ms': p50p99(verify.floor), runs: verify.floor.map((t) => t.toFixed(0)).join(', ') },
      { Verify: 'first on the page ÷ floor peer (p50 / p99)', 'p50 / p99 ms': ratioOf(verify.cold, verify.floor), runs: '' },
    ],
    [
      `/token-ledger, one row, click on Verify -> outcome shown (page clock), Chromium with the CPU slowed 4x; ${verify.failed} not verified. Target p99 <= ${BUDGET.verifyP99Ms} ms: ${verifyMet ? 'met' : 'NOT met'}.`,
      `Load average ${loadBefore} before, ${loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end, on ${cpus().length} cores.`,
    ],
  );
} finally {
  await chrome.kill();
  await api.stop();
  await close();
}
if (failed) {
  log('budget NOT met');
  process.exit(1);
}
log('budget met');
