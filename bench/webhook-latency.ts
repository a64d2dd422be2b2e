// Benchmark: event -> ledger row latency at a steady rate (scenario (b) of bench/webhooks.ts, alone), for this
// checkout and, when BENCH_PEER_ROOT names another checkout (e.g. `git worktree add /tmp/base <commit>` with this
// node_modules linked in), for that checkout's API and worker too, in alternating rounds on the same database
// server: batching for bursts must not make a steady stream's latency (b) any worse
// (docs/decisions/0003-burst-throughput.md), and only a comparison in one run on one machine can tell. BENCH_WEBHOOK_RATE (200) events/s, BENCH_DURATION_S (20) s per round after BENCH_WARMUP_S (8) s, BENCH_ROUNDS (3) each.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ROOT } from '../scripts/lib/paths';
import { startProcess, waitForHttp, type Managed } from '../scripts/lib/proc';
import { cpuSince, cpuSnapshot, processTree } from './lib/cpu';
import { benchDatabase, notifyEachLedgerRow } from './lib/database';
import { paced, signedEvent } from './lib/stripe-events';
import { freePort, quantile, report } from './lib/harness';
import { deleteRedisPrefixes } from './lib/redis-keys';
import { stageBreakdown, type EventTimes } from './lib/webhook-stages';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Each round starts new processes. After a 2 s warm-up the first 4 s of a measured round still had medians of 40-80 ms
// against 16-25 ms after them on a slower host (JIT, lazily loaded code, pools): the round measured start-up as much as
// a steady stream. With 8 s, one run's half-second medians were 15-36 ms from the round's first second.
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 8);
const PEER_ROOT = process.env.BENCH_PEER_ROOT ? path.resolve(process.env.BENCH_PEER_ROOT) : null;
const WEBHOOK_SECRET = 'whsec_bench_webhook_latency';
const DONATION_CENTS = 2500;
const log = (m: string) => console.log(`[bench:webhook-latency] ${m}`);

const dbName = 'adx_bench_webhook_latency';
const { services, url: benchUrl, db, close } = await benchDatabase(dbName, log, { fresh: true });
await notifyEachLedgerRow(db);

const prefixes: string[] = [];
/** One checkout's API and worker, on their own Redis prefix. */
async function start(root: string): Promise<{ api: Managed; worker: Managed; base: string; prefix: string }> {
  const port = await freePort();
  const prefix = `bench_latency_${randomBytes(3).toString('hex')}`;
  prefixes.push(prefix);
  const env = { ...process.env, DATABASE_URL: benchUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: prefix, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const api = startProcess('api', tsx, ['api/src/server.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), WEB_DIST: '/nonexistent', STRIPE_SECRET_KEY: 'sk_test_bench_unused', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
  });
  const worker = startProcess('worker', tsx, ['worker/src/main.ts'], { cwd: root, env });
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  return { api, worker, base: `http://127.0.0.1:${port}`, prefix };
}

const listener = new pg.Client({ connectionString: benchUrl });
await listener.connect();
await listener.query('LISTEN bench_ledger');
// Wall-clock times (Date.now()), comparable with the pipeline's own timestamps for the stage breakdown.
const sentAt = new Map<string, EventTimes>();
let latencies: number[] = [];
listener.on('notification', (n) => {
  const e = n.payload ? sentAt.get(n.payload) : undefined;
  if (e === undefined || e.committed !== undefined) return;
  e.committed = Date.now();
  latencies.push(e.committed - e.sent);
});

/** `seconds` of RATE paid events, each its own donation and ledger row: latencies, missing rows, CPU per event. */
async function round(target: { api: Managed; worker: Managed; base: string }, seconds: number) {
  const { rows } = (await db.raw('INSERT INTO donations (amount_cents, wants_adx_tokens) SELECT ?, true FROM generate_series(1, ?) RETURNING id', [DONATION_CENTS, RATE * seconds])) as { rows: Array<{ id: string }> };
  const events = rows.map((r) => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, r.id, `cs_bench_${randomBytes(12).toString('hex')}`));
  latencies = [];
  sentAt.clear();
  const pids = () => [...processTree(target.api.child.pid!), ...processTree(target.worker.child.pid!)];
  const cpu0 = cpuSnapshot(pids());
  let non200 = 0;
  const inflight: Array<Promise<void>> = [];
  await paced(events.length, RATE, (i) => {
    const e = events[i]!;
    const times: EventTimes = { session: e.session, eventId: e.id, sent: Date.now() };
    sentAt.set(e.session, times);
    inflight.push(
      fetch(`${target.base}/api/stripe/webhook`, { method: 'POST', body: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } }).then(
        async (res) => {
          await res.arrayBuffer();
          times.answered = Date.now();
          if (res.status !== 200) non200++;
        },
        () => void non200++,
      ),
    );
  });
  await Promise.all(inflight);
  const deadline = Date.now() + 60_000;
  while (latencies.length < events.length && Date.now() < deadline) await sleep(20);
  const cpuPerEvent = cpuSince(cpu0, pids()) / events.length;
  return { latencies: [...latencies], missing: events.length - latencies.length, non200, cpuPerEvent, times: [...sentAt.values()] };
}

const trees = [{ name: 'this checkout', root: ROOT }, ...(PEER_ROOT ? [{ name: `peer ${PEER_ROOT}`, root: PEER_ROOT }] : [])];
const results: Array<Record<string, string | number>> = [];
const stages: Array<Record<string, string | number>> = [];
let failed = false;
try {
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternate which goes first, so neither always runs on a machine the other just warmed or loaded.
    for (const tree of r % 2 === 1 ? trees : [...trees].reverse()) {
      const target = await start(tree.root);
      try {
        await round(target, WARMUP_S);
        log(`round ${r}: ${tree.name}, load average ${os.loadavg()[0]!.toFixed(1)}`);
        const load = os.loadavg()[0]!.toFixed(1);
        const res = await round(target, DURATION);
        if (res.missing > 0 || res.non200 > 0) failed = true;
        results.push({
          round: r,
          checkout: tree.name,
          'load avg': load,
          'p50 ms': quantile(res.latencies, 0.5).toFixed(1),
          'p90 ms': quantile(res.latencies, 0.9).toFixed(1),
          'p99 ms': quantile(res.latencies, 0.99).toFixed(1),
          'CPU ms/event api + worker': res.cpuPerEvent.toFixed(2),
          'missing / non-200': `${res.missing} / ${res.non200}`,
        });
        for (const row of await stageBreakdown(db, services.redisUrl, `${target.prefix}:bull`, res.times)) stages.push({ round: r, checkout: tree.name, ...row });
      } finally {
        await Promise.all([target.api.stop(), target.worker.stop()]);
      }
    }
  }
  report('webhook-latency', results, [
    `${RATE} paid events/s for ${DURATION} s per round after a ${WARMUP_S} s warm-up, each its own donation and ledger row; event sent -> row committed (NOTIFY at commit).`,
    `${os.cpus().length} cores shared by the bench process, the API, the worker, Postgres and Redis; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
  ]);
  if (stages.length > 0) report('webhook-latency-stages', stages, ['Per stage, over the events whose BullMQ job was still kept (the last ones of each round); stage ends are wall-clock timestamps of the pipeline (see bench/lib/webhook-stages.ts).']);
  if (failed) process.exitCode = 1;
} finally {
  await listener.end();
  await db.destroy();
  await deleteRedisPrefixes(services.redisUrl, prefixes);
  await close();
}
