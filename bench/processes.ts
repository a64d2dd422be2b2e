// Benchmark: what each server process costs to start and to keep, run through tsx (TypeScript compiled at start,
// `node --import tsx`, as production ran before) and compiled (`node api/dist/server.js`, `node worker/dist/main.js`,
// built by scripts/build.mjs). For each: start-to-ready (API: spawn until /readyz answers 200; worker: spawn until it
// logs that its queues run) and resident memory (RSS, the process and its children): idle 5 s after both are ready
// (still the start-up peak) and BENCH_IDLE_S (30) s after (compiled: once each has run its idle collection after
// IDLE_GC_SECONDS), then after a light load of the ledger and webhook benches' traffic: BENCH_DURATION_S (10) s of
// ledger reads (summary, first page, searches) and BENCH_PROCESS_EVENTS (2,000) signed Stripe webhooks that the worker
// turns into ledger rows.
// Goal: API + worker <= 250 MB RSS idle together.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../scripts/lib/paths';
import { exitCode, run, startProcess, waitForHttp, type Managed } from '../scripts/lib/proc';
import { processTree } from './lib/cpu';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { benchDatabase } from './lib/database';
import { freePort, load, report } from './lib/harness';
import { deleteRedisPrefixes } from './lib/redis-keys';
import { paced, signedEvent } from './lib/stripe-events';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../scripts/lib/node-flags';

const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const EVENTS = Number(process.env.BENCH_PROCESS_EVENTS ?? 2_000);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const LEDGER_ROWS = 50_000;
// BENCH_PROCESS_MODES=compiled: one of the two ways (tsx, compiled) only, for a quick check.
const ONLY = process.env.BENCH_PROCESS_MODES?.split(',');
const WEBHOOK_SECRET = 'whsec_bench_processes';
const log = (m: string) => console.log(`[bench:processes] ${m}`);
const load1 = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const { services, url: benchUrl, db, close } = await benchDatabase('adx_bench_processes', log, { fresh: true });
await db.transaction(async (trx) => {
  await trx.raw(
    `INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source, payment_reference)
     SELECT 'ADX' || lpad(g::text, 7, '0'), date '2024-01-01' + (g % 700), 100, 1000, 'seed', 'bench:' || g FROM generate_series(1, ?) AS g`,
    [LEDGER_ROWS],
  );
  await appendToLog(trx);
});
log('building the compiled bundles...');
if (exitCode(await run(process.execPath, ['scripts/build.mjs'], { cwd: ROOT })) !== 0) throw new Error('the build failed');

/** Resident memory in MB of `pid` and its children (tsx's CLI runs the service in a child). */
function rssMb(pid: number): number {
  const kb = processTree(pid).reduce((sum, p) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kb / 1024);
}

/** Resolves when `proc` prints a line containing `text`. */
function printed(proc: Managed, text: string): Promise<void> {
  return new Promise((resolve) => {
    const seen = (chunk: Buffer) => chunk.toString('utf8').includes(text) && resolve();
    proc.child.stdout?.on('data', seen);
    proc.child.stderr?.on('data', seen);
  });
}

/** Node's arguments for each process: TypeScript through tsx's loader (as the Dockerfile ran it before), or the bundle with production's flags. */
const MODES: Record<'tsx' | 'compiled', Record<'api' | 'worker', string[]>> = {
  tsx: { api: ['--import', 'tsx', 'api/src/server.ts'], worker: ['--import', 'tsx', 'worker/src/main.ts'] },
  compiled: { api: [...API_NODE_FLAGS, 'api/dist/server.js'], worker: [...WORKER_NODE_FLAGS, 'worker/dist/main.js'] },
};

async function measure(mode: keyof typeof MODES): Promise<Array<Record<string, string | number>>> {
  const prefix = `bench_processes_${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL: benchUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: prefix, NODE_ENV: 'production' };
  const t0 = performance.now();
  const api = startProcess(`api-${mode}`, process.execPath, MODES[mode].api, {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'warn', PORT: String(port), WEB_DIST: '/nonexistent', STRIPE_SECRET_KEY: 'sk_test_bench_unused', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
  });
  await waitForHttp(`${base}/readyz`, 120_000);
  const apiReady = performance.now() - t0;
  const t1 = performance.now();
  const worker = startProcess(`worker-${mode}`, process.execPath, MODES[mode].worker, { cwd: ROOT, env: { ...env, LOG_LEVEL: 'info' } }); // it says when its queues run
  await printed(worker, 'worker started');
  const workerReady = performance.now() - t1;
  await sleep(5_000);
  const idle = { api: rssMb(api.child.pid!), worker: rssMb(worker.child.pid!) };
  await sleep(Math.max(0, IDLE_S - 5) * 1000);
  const settled = { api: rssMb(api.child.pid!), worker: rssMb(worker.child.pid!) };
  const settledLoad = load1();

  const { rows } = (await db.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens) SELECT 2500, true FROM generate_series(1, ?) RETURNING id`, [EVENTS])) as { rows: Array<{ id: string }> };
  const search = () => `/api/ledger?search=ADX${String(Math.floor(Math.random() * LEDGER_ROWS)).padStart(7, '0')}&page=1&pageSize=50`;
  for (const path of ['/api/ledger/summary', '/api/ledger?pageSize=50']) await load(path, `${base}${path}`, { durationS: DURATION / 4 });
  await load('search', base, { durationS: DURATION / 2, path: search });
  const rowsNow = async () => Number(((await db('token_purchases').count({ n: '*' }).first()) as { n: string }).n);
  const rowsBefore = await rowsNow();
  const sent: Array<Promise<unknown>> = [];
  await paced(EVENTS, 200, (i) => {
    const e = signedEvent(WEBHOOK_SECRET, 2500, rows[i]!.id, `cs_bench_${randomBytes(12).toString('hex')}`);
    const send = fetch(`${base}/api/stripe/webhook`, { method: 'POST', body: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
    sent.push(send.catch((err: Error) => log(`a webhook failed: ${err.message}`))); // the memory figures stand; the run says so
  });
  await Promise.all(sent);
  const deadline = Date.now() + 120_000;
  while ((await rowsNow()) < rowsBefore + EVENTS && Date.now() < deadline) await sleep(250);
  const loaded = { api: rssMb(api.child.pid!), worker: rssMb(worker.child.pid!) };
  await Promise.all([api.stop(), worker.stop()]);
  await deleteRedisPrefixes(services.redisUrl, [prefix]);
  log(`${mode}: API ready in ${Math.round(apiReady)} ms, worker in ${Math.round(workerReady)} ms; RSS MB idle ${JSON.stringify(idle)}, idle ${IDLE_S} s ${JSON.stringify(settled)} (load ${settledLoad}), after load ${JSON.stringify(loaded)}`);
  const settledHeader = `RSS idle ${IDLE_S} s MB`;
  const row = (name: string, ready: number, p: 'api' | 'worker') => ({ process: `${name} (${mode})`, 'start-to-ready ms': Math.round(ready), 'RSS idle MB': idle[p], [settledHeader]: settled[p], 'RSS after load MB': loaded[p], [`load at ${IDLE_S} s`]: settledLoad });
  const pair = { process: `API + worker (${mode})`, 'start-to-ready ms': '', 'RSS idle MB': idle.api + idle.worker, [settledHeader]: settled.api + settled.worker, 'RSS after load MB': loaded.api + loaded.worker, [`load at ${IDLE_S} s`]: settledLoad };
  return [row('API', apiReady, 'api'), row('worker', workerReady, 'worker'), pair];
}

try {
  const before = load1();
  const results = [];
  for (const mode of ['tsx', 'compiled'] as const) if (!ONLY || ONLY.includes(mode)) results.push(...(await measure(mode)));
  report('processes', results, [`load average (1, 5, 15 min): ${before} before, ${load1()} after`, `idle: 5 s and ${IDLE_S} s after both are ready; load: ${DURATION} s of ledger reads, ${EVENTS} webhooks at 200/s; goal API + worker <= 250 MB idle`]);
} finally {
  await db.destroy();
  await close();
}
