// `npm test`: typecheck, lint, build the web app, then unit, integration and end-to-end tests
// (vitest; the integration and e2e projects bring up Postgres and Redis and a fresh database).
// Every step runs even when an earlier one fails, so one run shows everything; exits non-zero on any failure.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './lib/chromium';
import { ensureFfmpeg } from './lib/ffmpeg';
import { BIN, DATA_DIR, ROOT } from './lib/paths';
import { run } from './lib/proc';
import { buildWeb } from './lib/web-build';

const log = (m: string) => process.stdout.write(`[test] ${m}\n`);
const failures: string[] = [];

async function step(name: string, fn: () => Promise<number | void>): Promise<void> {
  const started = Date.now();
  log(`── ${name}`);
  try {
    const code = await fn();
    if (typeof code === 'number' && code !== 0) throw new Error(`exit code ${code}`);
    log(`   ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failures.push(name);
    log(`   ${name}: FAILED: ${(err as Error).message}`);
  }
}

const vitestArgs = process.argv.slice(2);
const results = path.join(DATA_DIR, 'test-results.json');
mkdirSync(DATA_DIR, { recursive: true });
rmSync(results, { force: true });

await step('typecheck', async () => {
  const a = await run(path.join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: ROOT });
  const b = await run(path.join(BIN, 'tsc'), ['-p', 'web/tsconfig.json'], { cwd: ROOT });
  return a || b;
});
await step('lint', () => run(path.join(BIN, 'eslint'), ['--max-warnings', '0', '.'], { cwd: ROOT }));
await step('build web', () => buildWeb(log));
await step('chromium', async () => {
  await ensureChromium(log);
});
await step('ffmpeg', async () => {
  await ensureFfmpeg(log);
});
await step('tests', () =>
  run(path.join(BIN, 'vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...vitestArgs], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
  }),
);

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
if (failures.length) log(`failed steps: ${failures.join(', ')}`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failures.length ? 1 : 0);
