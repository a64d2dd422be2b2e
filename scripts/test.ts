// `npm test`: typecheck, lint (ESLint and knip's unused exports) and the web app's build side by side, then (once the build is done) unit, integration and end-to-end tests
// (vitest; the integration and e2e projects bring up Postgres and Redis and a fresh database).
// Every step runs even when an earlier one fails, so one run shows everything; exits non-zero on any failure.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './lib/chromium';
import { ensureNginx } from './lib/nginx';
import { ensureFfmpeg } from './lib/ffmpeg';
import { ensureGo } from './lib/golang';
import { ensurePythonIcalendar } from './lib/icalendar';
import { ensurePdftotext } from './lib/poppler';
import { BIN, DATA_DIR, ROOT } from './lib/paths';
import { exitCode, run } from './lib/proc';
import { buildWeb } from './lib/web-build';

const log = (m: string) => process.stdout.write(`[test] ${m}\n`);
const failures: string[] = [];
const runStarted = Date.now();
const secondsSince = (t: number) => ((Date.now() - t) / 1000).toFixed(1);
/** Each step's start and end, in seconds since this script started, for the summary at the end. */
const timeline: string[] = [];

async function step(name: string, fn: () => Promise<number | void>): Promise<void> {
  const started = Date.now();
  const from = secondsSince(runStarted);
  log(`── ${name}`);
  try {
    const code = await fn();
    if (typeof code === 'number' && code !== 0) throw new Error(`exit code ${code}`);
    log(`   ${name}: ok (${secondsSince(started)} s)`);
  } catch (err) {
    failures.push(name);
    log(`   ${name}: FAILED: ${(err as Error).message}`);
  }
  timeline.push(`${name}: ${secondsSince(started)} s (from ${from} s to ${secondsSince(runStarted)} s)`);
}

const vitestArgs = process.argv.slice(2);
const results = path.join(DATA_DIR, 'test-results.json');
mkdirSync(DATA_DIR, { recursive: true });
rmSync(results, { force: true });

// The same commands as `npm run typecheck` and `npm run lint` (server code and the web app; ESLint and unused exports).
// They only read the sources and the web build only writes web/dist, and each is mostly one process on one core, so
// the three run side by side; the two checks' output is printed whole when each ends, not interleaved.
async function npmScript(name: string): Promise<number> {
  const r = await run('npm', ['run', '--silent', name], { cwd: ROOT, capture: true });
  if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
  return exitCode(r);
}
// Chromium, ffmpeg, python3-icalendar, poppler-utils, Go and nginx come from apt, which takes one install at a time: one after the other, beside the checks.
async function tools(): Promise<void> {
  await step('chromium', async () => {
    await ensureChromium(log);
  });
  await step('ffmpeg', async () => {
    await ensureFfmpeg(log);
  });
  // The calendar feed tests parse the feeds with Python's icalendar too.
  await step('python3-icalendar', async () => {
    await ensurePythonIcalendar(log);
  });
  // The receipt tests read the PDF receipts back with poppler's pdftotext.
  await step('poppler-utils', async () => {
    await ensurePdftotext(log);
  });
  // The outside ledger verifier (tests/tlog-verify) is Go with the checksum database's packages.
  await step('golang', async () => {
    await ensureGo(log);
  });
  // The cluster test runs deploy/nginx.conf through it; without nginx that test says so and uses the Node stand-in.
  await step('nginx', async () => {
    const bin = await ensureNginx(log);
    log(bin ? `nginx: ${bin}` : 'nginx: not available; the cluster test falls back to the Node stand-in proxy');
  });
}
const tests = () =>
  step('tests', async () =>
    exitCode(
      await run(path.join(BIN, 'vitest'), ['run', '--reporter=default', '--reporter=json', '--reporter=./tests/setup/slowest-files.ts', `--outputFile.json=${results}`, ...vitestArgs], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test' },
      }),
    ),
  );
// The tests need the web build (the e2e files, which run first) and the tools, not the two checks: they start as soon
// as those are ready, beside whatever check is still running (much of a test's time is spent waiting on Postgres,
// Chromium or a timer, so the checks fill the cores meanwhile).
await Promise.all([
  step('typecheck', () => npmScript('typecheck')),
  step('lint', () => npmScript('lint')),
  Promise.all([step('build web', () => buildWeb(log)), tools()]).then(tests),
]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync(results, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = r.numPendingTests + r.numTodoTests;
} catch {
  log('no test results were written');
}
failed += failures.filter((f) => f !== 'tests').length;
log(`steps (seconds after the install):\n${timeline.map((t) => `   ${t}`).join('\n')}`);
if (failures.length) log(`failed steps: ${failures.join(', ')}`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failures.length ? 1 : 0);
