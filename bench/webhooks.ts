// Benchmark: the payment webhook pipeline, with the real API and worker processes.
//   (a) signed webhooks accepted per second by the API (autocannon, 50 connections, a different
//       pre-signed event on every request; all pay one real donation, so the worker has real work):
//       once with the worker stopped (the API alone), once with the worker draining alongside it;
//       plus the worker's drain rate of the backlog the first run left. Target >= 1,000/s.
//   (b) event -> ledger-row latency at a steady 200 events/s: from the moment a webhook is sent to
//       the moment its token_purchases row is committed (a bench-only trigger NOTIFYs on insert; the
//       notification is delivered at commit). Every event pays a distinct donation with tokens.
//       Target p99 <= 250 ms.
//   (c) the peer, measured in the same run: BullMQ's bare add -> process round trip (a Queue and a
//       Worker with a no-op processor on a private prefix, add call -> 'completed') at the same rate.
//   (d) a burst: BENCH_BURST_RATE (500) paid events/s for BENCH_BURST_S (30 s), each making its
//       own ledger row: event -> row latency (target p99 <= 250 ms, 0 missing) and CPU per event per process;
//       its floor peer, one INSERT ... ON CONFLICT DO NOTHING per event through pg at the same rate; and the
//       drain rate of a backlog of BENCH_BURST_BACKLOG (10,000) paid events (target >= 1,500/s) with the total
//       CPU per paid event, API + worker + Postgres (target <= 2 ms).
// Over 250 lines on purpose: one measured scenario read top to bottom; its reusable parts live in bench/lib.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, Worker } from 'bullmq';
import pg from 'pg';
import { createBullConnection } from '@app/common/server/redis';
import { waitForHttp, type Managed } from '../scripts/lib/proc';
import { cpuSince, cpuSnapshot, processTree } from './lib/cpu';
import { runTs } from './lib/processes';
import { paced, signedEvent } from './lib/stripe-events';
import { benchDatabase, notifyEachLedgerRow } from './lib/database';
import { insertFloor } from './lib/burst';
import { freePort, load, quantile, report, type LoadResult, type RequestSpec } from './lib/harness';
import { deleteRedisPrefixes } from './lib/redis-keys';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 500);
const BURST_S = Number(process.env.BENCH_BURST_S ?? 30);
const BURST_BACKLOG = Number(process.env.BENCH_BURST_BACKLOG ?? 10_000);
const CONNECTIONS = 50;
/** Pre-signed events for each autocannon run: more than the API can take in the run, so none repeats. */
const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 60_000);
const WEBHOOK_SECRET = 'whsec_bench_webhooks';
const DONATION_CENTS = 2500;
const log = (m: string) => console.log(`[bench:webhooks] ${m}`);

// A fresh database every run: the figures must not depend on what an earlier run left behind.
const dbName = 'adx_bench_webhooks';
const { services, url: benchUrl, db, close } = await benchDatabase(dbName, log, { fresh: true });
await notifyEachLedgerRow(db);

const sessionId = () => `cs_bench_${randomBytes(12).toString('hex')}`;
async function newDonations(n: number): Promise<string[]> {
  const { rows } = (await db.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens) SELECT ?, true FROM generate_series(1, ?) RETURNING id`, [DONATION_CENTS, n])) as { rows: Array<{ id: string }> };
  return rows.map((r) => r.id);
}
const unprocessed = async () => Number(((await db('stripe_events').whereNull('processed_at').count({ n: '*' }).first()) as { n: string }).n);
const inboxSize = async () => Number(((await db('stripe_events').count({ n: '*' }).first()) as { n: string }).n);

const prefix = `bench_webhooks_${randomBytes(3).toString('hex')}`;
const peerPrefix = `bench_peer_${randomBytes(3).toString('hex')}`;
const apiPort = await freePort();
const apiBase = `http://127.0.0.1:${apiPort}`;
const common = { DATABASE_URL: benchUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: prefix, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
const api = runTs('api', 'api/src/server.ts', {
  ...process.env,
  ...common,
  PORT: String(apiPort),
  WEB_DIST: '/nonexistent',
  STRIPE_SECRET_KEY: 'sk_test_bench_unused',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: 'http://127.0.0.1:9',
});
let worker: Managed | undefined;
const startWorker = () => runTs('worker', 'worker/src/main.ts', { ...process.env, ...common });

/**
 * CPU used from now on by the API process tree, the worker process tree and the Postgres backends
 * of the bench database (these include the bench's own small polling queries). Other tenants of a
 * shared machine slow a run down, but change the CPU cost per operation much less.
 */
async function cpuMeter(): Promise<() => Promise<{ api: number; worker: number; pg: number }>> {
  const pgPids = async () => ((await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [dbName])) as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
  const apiPids = () => processTree(api.child.pid!);
  const workerPids = () => (worker ? processTree(worker.child.pid!) : []);
  const before = { api: cpuSnapshot(apiPids()), worker: cpuSnapshot(workerPids()), pg: cpuSnapshot(await pgPids()) };
  return async () => ({ api: cpuSince(before.api, apiPids()), worker: cpuSince(before.worker, workerPids()), pg: cpuSince(before.pg, await pgPids()) });
}
const perEvent = (cpu: { api: number; worker: number; pg: number }, n: number) =>
  [cpu.api, cpu.worker, cpu.pg].map((v) => (n > 0 ? (v / n).toFixed(2) : 'n/a')).join(' / ');

/** Waits until the inbox has no unprocessed event; returns the drain rate (events/s) once work started. */
async function drain(what: string, timeoutMs = 300_000, onStart?: () => Promise<void>): Promise<{ perS: number; events: number; seconds: number }> {
  const deadline = Date.now() + timeoutMs;
  let first = await unprocessed();
  // Start the clock once the worker has processed something (not while it boots).
  while (Date.now() < deadline) {
    const now = await unprocessed();
    if (now < first || now === 0) break;
    first = now;
    await sleep(50);
  }
  await onStart?.();
  const from = await unprocessed();
  const t0 = performance.now();
  let left = from;
  while (left > 0 && Date.now() < deadline) {
    await sleep(250);
    left = await unprocessed();
  }
  const seconds = (performance.now() - t0) / 1000;
  if (left > 0) throw new Error(`${what}: ${left} events still unprocessed after ${timeoutMs / 1000} s`);
  return { perS: from / Math.max(seconds, 0.001), events: from, seconds };
}

try {
  await waitForHttp(`${apiBase}/readyz`, 60_000);

  // ---- (a) accepted webhooks per second ---------------------------------------------------------
  const [payDonation] = await newDonations(1);
  const paySession = sessionId();
  log(`signing ${THROUGHPUT_EVENTS.toLocaleString()} distinct events...`);
  let pool = Array.from({ length: THROUGHPUT_EVENTS }, () => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, payDonation!, paySession));
  let next = 0;
  let repeats = 0;
  const webhookRequest = (): RequestSpec => {
    if (next >= pool.length) repeats++;
    const e = pool[next++ % pool.length]!;
    return { method: 'POST', path: '/api/stripe/webhook', body: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } };
  };
  const accepted = async (name: string, durationS: number): Promise<LoadResult & { inboxAdded: number; cpu: string }> => {
    const before = await inboxSize();
    const cpu = await cpuMeter();
    const r = await load(name, apiBase, { connections: CONNECTIONS, durationS, request: webhookRequest });
    const used = await cpu();
    const inboxAdded = (await inboxSize()) - before;
    return { ...r, inboxAdded, cpu: perEvent(used, inboxAdded) };
  };

  log('warm-up (API alone)...');
  await accepted('warm-up', WARMUP_S);
  log('(a1) webhooks accepted per second, API alone (the worker is stopped; jobs queue up)...');
  const aloneRun = await accepted('webhooks accepted, API alone', DURATION);
  log(`    ${aloneRun.reqPerSec}/s, ${aloneRun.inboxAdded} inbox rows added; starting the worker to drain ${await unprocessed()} events...`);
  worker = startWorker();
  const drainCpu = await cpuMeter();
  const drained = await drain('backlog after (a1)');
  const drainedCpu = perEvent(await drainCpu(), drained.events);
  log(`    drained ${drained.events} events in ${drained.seconds.toFixed(1)} s`);

  // Fresh signatures (Stripe's tolerance is 300 s) for the run with the worker alongside.
  pool = Array.from({ length: THROUGHPUT_EVENTS }, () => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, payDonation!, paySession));
  next = 0;
  log('(a2) webhooks accepted per second with the worker draining alongside...');
  const withWorker = await accepted('webhooks accepted, worker running', DURATION);
  log(`    ${withWorker.reqPerSec}/s; waiting for the worker to catch up...`);
  const drained2 = await drain('backlog after (a2)');
  const ledgerRowsForOne = Number(((await db('token_purchases').where({ payment_reference: paySession }).count({ n: '*' }).first()) as { n: string }).n);

  // ---- (c) the peer: BullMQ add -> processed round trip at RATE ---------------------------------
  log(`(c) peer: BullMQ bare add -> completed at ${RATE}/s...`);
  const producerConn = createBullConnection(services.redisUrl);
  const workerConn = createBullConnection(services.redisUrl);
  const peerQueue = new Queue('peer', { connection: producerConn, prefix: peerPrefix, defaultJobOptions: { removeOnComplete: 1_000, removeOnFail: 1_000 } });
  const peerWorker = new Worker('peer', async () => undefined, { connection: workerConn, prefix: peerPrefix, concurrency: 4 });
  await peerWorker.waitUntilReady();
  const peerSent = new Map<string, number>();
  let peerLatencies: number[] = [];
  peerWorker.on('completed', (job) => {
    const t0 = peerSent.get(job.id!);
    if (t0 !== undefined) peerLatencies.push(performance.now() - t0);
  });
  const peerRun = async (tag: string, seconds: number) => {
    peerLatencies = [];
    peerSent.clear();
    const cpu0 = process.cpuUsage();
    const rate = await paced(RATE * seconds, RATE, (i) => {
      const id = `${tag}-${i}`;
      peerSent.set(id, performance.now());
      void peerQueue.add('noop', { i }, { jobId: id });
    });
    const deadline = Date.now() + 30_000;
    while (peerLatencies.length < peerSent.size && Date.now() < deadline) await sleep(20);
    const cpu = process.cpuUsage(cpu0);
    return { rate, latencies: [...peerLatencies], lost: peerSent.size - peerLatencies.length, cpuPerJob: ((cpu.user + cpu.system) / 1000 / peerSent.size).toFixed(2) };
  };
  await peerRun('warm', WARMUP_S);
  const peer = await peerRun('run', DURATION);
  await peerWorker.close();
  await peerQueue.close();
  producerConn.disconnect();
  workerConn.disconnect();

  // ---- (b) event -> ledger row latency at RATE --------------------------------------------------
  log(`(b) event -> ledger row at ${RATE}/s, each event paying its own donation...`);
  const listener = new pg.Client({ connectionString: benchUrl });
  await listener.connect();
  await listener.query('LISTEN bench_ledger');
  const sentAt = new Map<string, number>();
  let rowLatencies: number[] = [];
  let httpLatencies: number[] = [];
  let non200 = 0;
  listener.on('notification', (n) => {
    const t0 = n.payload ? sentAt.get(n.payload) : undefined;
    if (t0 !== undefined) rowLatencies.push(performance.now() - t0);
  });
  const pipelineRun = async (seconds: number, rate = RATE) => {
    const donations = await newDonations(rate * seconds);
    const events = donations.map((d) => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, d, sessionId()));
    rowLatencies = [];
    httpLatencies = [];
    sentAt.clear();
    const cpu = await cpuMeter();
    const inflight: Array<Promise<void>> = [];
    const achieved = await paced(events.length, rate, (i) => {
      const e = events[i]!;
      const t0 = performance.now();
      sentAt.set(e.session, t0);
      inflight.push(
        fetch(`${apiBase}/api/stripe/webhook`, { method: 'POST', body: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } }).then(
          async (res) => {
            await res.arrayBuffer();
            httpLatencies.push(performance.now() - t0);
            if (res.status !== 200) non200++;
          },
          () => {
            non200++;
          },
        ),
      );
    });
    await Promise.all(inflight);
    const deadline = Date.now() + 60_000;
    while (rowLatencies.length < events.length && Date.now() < deadline) await sleep(20);
    return { rate: achieved, rows: [...rowLatencies], http: [...httpLatencies], missing: events.length - rowLatencies.length, cpu: perEvent(await cpu(), events.length) };
  };
  await pipelineRun(WARMUP_S);
  non200 = 0;
  const pipeline = await pipelineRun(DURATION);
  await drain('after (b)', 60_000);

  // ---- (d) a burst of paid events, its floor peer, and the drain of a paid backlog ------------------
  log(`(d) floor peer: one INSERT ... ON CONFLICT DO NOTHING per event through pg at ${BURST_RATE}/s for ${BURST_S} s...`);
  const floorEvents = Array.from({ length: BURST_RATE * BURST_S }, () => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, 'unused', sessionId()));
  const floorCpu = await cpuMeter();
  const floor = await insertFloor(benchUrl, floorEvents, BURST_RATE, async () => (await floorCpu()).pg);
  log(`(d) burst: ${BURST_RATE} paid events/s for ${BURST_S} s, each its own ledger row...`);
  const burst = await pipelineRun(BURST_S, BURST_RATE);
  await drain('after (d)', 60_000);
  await listener.end();

  log(`(d) paid backlog: ${BURST_BACKLOG} paid events accepted with the worker stopped, then drained...`);
  await worker?.stop();
  worker = undefined;
  const backlog = (await newDonations(BURST_BACKLOG)).map((d) => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, d, sessionId()));
  const acceptCpu = await cpuMeter();
  let sendNext = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sendNext < backlog.length) {
        const e = backlog[sendNext++]!;
        const res = await fetch(`${apiBase}/api/stripe/webhook`, { method: 'POST', body: e.payload, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
        await res.arrayBuffer();
        if (res.status !== 200) non200++;
      }
    }),
  );
  const acceptedUsed = await acceptCpu();
  worker = startWorker();
  let backlogMeter: (() => Promise<{ api: number; worker: number; pg: number }>) | undefined;
  const paidDrain = await drain('paid backlog', 300_000, async () => {
    backlogMeter = await cpuMeter();
  });
  const drainUsed = await backlogMeter!();
  const backlogRows = Number(((await db('token_purchases').whereIn('payment_reference', backlog.map((e) => e.session)).count({ n: '*' }).first()) as { n: string }).n);
  // The drain clock starts once the new worker has applied something: CPU per event over the events left then.
  const paidCpu = { api: acceptedUsed.api / backlog.length + drainUsed.api / paidDrain.events, worker: acceptedUsed.worker / backlog.length + drainUsed.worker / paidDrain.events, pg: acceptedUsed.pg / backlog.length + drainUsed.pg / paidDrain.events };
  const paidTotal = paidCpu.api + paidCpu.worker + paidCpu.pg;

  // ---- report -------------------------------------------------------------------------------------
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
  const peerP50 = quantile(peer.latencies, 0.5);
  const peerP99 = quantile(peer.latencies, 0.99);
  const rowP50 = quantile(pipeline.rows, 0.5);
  const rowP99 = quantile(pipeline.rows, 0.99);
  const rows = [
    {
      scenario: `BullMQ bare add -> completed, no-op (peer) @ ${RATE}/s`,
      'rate /s': Math.round(peer.rate),
      'p50 ms': ms(peerP50),
      'p99 ms': ms(peerP99),
      'vs peer (p50 / p99)': '1 / 1',
      'CPU ms/event api / worker / pg': `bench process ${peer.cpuPerJob}`,
      target: '',
    },
    {
      scenario: `webhook sent -> ledger row committed @ ${RATE}/s`,
      'rate /s': Math.round(pipeline.rate),
      'p50 ms': ms(rowP50),
      'p99 ms': ms(rowP99),
      'vs peer (p50 / p99)': `${(rowP50 / peerP50).toFixed(1)}x / ${(rowP99 / peerP99).toFixed(1)}x`,
      'CPU ms/event api / worker / pg': pipeline.cpu,
      target: `p99 <= 250 ms: ${rowP99 <= 250 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `  of which the webhook's HTTP answer @ ${RATE}/s`,
      'rate /s': Math.round(pipeline.rate),
      'p50 ms': ms(quantile(pipeline.http, 0.5)),
      'p99 ms': ms(quantile(pipeline.http, 0.99)),
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': '',
      target: '',
    },
    {
      scenario: `webhooks accepted, API alone (${CONNECTIONS} connections)`,
      'rate /s': aloneRun.reqPerSec,
      'p50 ms': aloneRun.p50,
      'p99 ms': aloneRun.p99,
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': aloneRun.cpu,
      target: `>= 1,000/s: ${aloneRun.reqPerSec >= 1000 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `webhooks accepted, worker draining alongside (${CONNECTIONS} connections)`,
      'rate /s': withWorker.reqPerSec,
      'p50 ms': withWorker.p50,
      'p99 ms': withWorker.p99,
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': withWorker.cpu,
      target: `>= 1,000/s: ${withWorker.reqPerSec >= 1000 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: 'worker drain of the (a1) backlog, ledger.record jobs',
      'rate /s': Math.round(drained.perS),
      'p50 ms': '',
      'p99 ms': '',
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': drainedCpu,
      target: '',
    },
  ];
  const burstP99 = quantile(burst.rows, 0.99);
  const floorP99 = quantile(floor.latencies, 0.99);
  rows.push(
    {
      scenario: `(d) floor peer: pg INSERT ... ON CONFLICT DO NOTHING @ ${BURST_RATE}/s`,
      'rate /s': Math.round(floor.rate),
      'p50 ms': ms(quantile(floor.latencies, 0.5)),
      'p99 ms': ms(floorP99),
      'vs peer (p50 / p99)': '1 / 1',
      'CPU ms/event api / worker / pg': `bench process ${floor.benchCpuPerEvent.toFixed(2)} / pg ${floor.pgCpuPerEvent.toFixed(2)}`,
      target: '',
    },
    {
      scenario: `(d) burst: webhook sent -> ledger row committed @ ${BURST_RATE}/s for ${BURST_S} s`,
      'rate /s': Math.round(burst.rate),
      'p50 ms': ms(quantile(burst.rows, 0.5)),
      'p99 ms': ms(burstP99),
      'vs peer (p50 / p99)': `${(quantile(burst.rows, 0.5) / quantile(floor.latencies, 0.5)).toFixed(1)}x / ${(burstP99 / floorP99).toFixed(1)}x`,
      'CPU ms/event api / worker / pg': burst.cpu,
      target: `p99 <= 250 ms, 0 missing: ${burstP99 <= 250 && burst.missing === 0 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `(d) worker drain of ${BURST_BACKLOG} paid events (each its own ledger row)`,
      'rate /s': Math.round(paidDrain.perS),
      'p50 ms': '',
      'p99 ms': '',
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': `${[paidCpu.api, paidCpu.worker, paidCpu.pg].map((v) => v.toFixed(2)).join(' / ')} = ${paidTotal.toFixed(2)}`,
      target: `>= 1,500/s: ${paidDrain.perS >= 1500 ? 'met' : 'NOT met'}; <= 2 ms CPU: ${paidTotal <= 2 ? 'met' : 'NOT met'}`,
    },
  );
  report('webhooks', rows, [
    `${os.cpus().length} cores shared by autocannon / the bench process, the API, the worker, Postgres and Redis; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
    `(a) ${DURATION} s per run after a ${WARMUP_S} s warm-up, every request a distinct pre-signed event (${repeats} repeats); inbox rows added: API alone ${aloneRun.inboxAdded} (2xx ${aloneRun.requests - aloneRun.non2xx - aloneRun.errors}), with the worker ${withWorker.inboxAdded}; non-2xx/errors ${aloneRun.non2xx + aloneRun.errors} / ${withWorker.non2xx + withWorker.errors}.`,
    `    Backlog drains: ${drained.events} events in ${drained.seconds.toFixed(1)} s after (a1), ${drained2.events} in ${drained2.seconds.toFixed(1)} s after (a2); ledger rows for the one donation all those events pay: ${ledgerRowsForOne}.`,
    `(b) ${pipeline.rows.length} events over ${DURATION} s, ${pipeline.missing} rows missing after 60 s, ${non200} non-200 answers ((b) and (d)); (c) ${peer.latencies.length} jobs, ${peer.lost} lost.`,
    `(d) burst: ${burst.rows.length} rows, ${burst.missing} missing after 60 s; floor: ${floor.latencies.length} inserts, ${floor.lost} failed; paid backlog: ${backlogRows} of ${BURST_BACKLOG} ledger rows, ${paidDrain.events} events drained in ${paidDrain.seconds.toFixed(1)} s (clock from the first applied); its CPU = accepting (per accepted event) + draining (per drained event).`,
  ]);
  if (ledgerRowsForOne !== 1 || pipeline.missing > 0 || burst.missing > 0 || backlogRows !== BURST_BACKLOG || non200 > 0 || peer.lost > 0 || floor.lost > 0) process.exitCode = 1;
} finally {
  await Promise.all([api.stop(), worker?.stop()]);
  await db.destroy();
  await deleteRedisPrefixes(services.redisUrl, [prefix, peerPrefix]);
  await close();
}
