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
// The scenario in order, top to bottom; the stack it runs on, the measurements and the table are in bench/lib/webhook-*.ts.
import { randomBytes } from 'node:crypto';
import { insertFloor } from './lib/burst';
import { acceptedRun, bullmqPeer, ledgerRowTimer, paidBacklog, webhookFirehose } from './lib/webhook-measures';
import { webhookReport } from './lib/webhook-report';
import { sessionId, signedPayment, startWebhookStack, perEvent } from './lib/webhook-stack';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 500);
const BURST_S = Number(process.env.BENCH_BURST_S ?? 30);
const BURST_BACKLOG = Number(process.env.BENCH_BURST_BACKLOG ?? 10_000);
const CONNECTIONS = 50;
/** Pre-signed events for each autocannon run: more than the API can take in the run, so none repeats. */
const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 60_000);
const log = (m: string) => console.log(`[bench:webhooks] ${m}`);

const stack = await startWebhookStack('adx_bench_webhooks', log);
const peerPrefix = `bench_peer_${randomBytes(3).toString('hex')}`;

try {
  await stack.ready();

  // ---- (a) accepted webhooks per second ---------------------------------------------------------
  const [payDonation] = await stack.newDonations(1);
  const paySession = sessionId();
  log(`signing ${THROUGHPUT_EVENTS.toLocaleString()} distinct events...`);
  const firehose = webhookFirehose(THROUGHPUT_EVENTS, payDonation!, paySession);
  const accepted = (name: string, durationS: number) => acceptedRun(stack, firehose, name, { connections: CONNECTIONS, durationS });

  log('warm-up (API alone)...');
  await accepted('warm-up', WARMUP_S);
  log('(a1) webhooks accepted per second, API alone (the worker is stopped; jobs queue up)...');
  const aloneRun = await accepted('webhooks accepted, API alone', DURATION);
  log(`    ${aloneRun.reqPerSec}/s, ${aloneRun.inboxAdded} inbox rows added; starting the worker to drain ${await stack.unprocessed()} events...`);
  await stack.startWorker();
  const drainCpu = await stack.cpuMeter();
  const drained = await stack.drain('backlog after (a1)');
  const drainedCpu = perEvent(await drainCpu(), drained.events);
  log(`    drained ${drained.events} events in ${drained.seconds.toFixed(1)} s`);

  // Fresh signatures (Stripe's tolerance is 300 s) for the run with the worker alongside.
  firehose.refill();
  log('(a2) webhooks accepted per second with the worker draining alongside...');
  const withWorker = await accepted('webhooks accepted, worker running', DURATION);
  log(`    ${withWorker.reqPerSec}/s; waiting for the worker to catch up...`);
  const drained2 = await stack.drain('backlog after (a2)');
  const ledgerRowsForOne = await stack.ledgerRows([paySession]);

  // ---- (c) the peer: BullMQ add -> processed round trip at RATE ---------------------------------
  log(`(c) peer: BullMQ bare add -> completed at ${RATE}/s...`);
  const peerBench = await bullmqPeer(stack.services.redisUrl, peerPrefix, RATE);
  await peerBench.run('warm', WARMUP_S);
  const peer = await peerBench.run('run', DURATION);
  await peerBench.close();

  // ---- (b) event -> ledger row latency at RATE --------------------------------------------------
  log(`(b) event -> ledger row at ${RATE}/s, each event paying its own donation...`);
  const rowTimer = await ledgerRowTimer(stack);
  await rowTimer.run(WARMUP_S, RATE);
  rowTimer.non200 = 0;
  const pipeline = await rowTimer.run(DURATION, RATE);
  await stack.drain('after (b)', 60_000);

  // ---- (d) a burst of paid events, its floor peer, and the drain of a paid backlog ------------------
  log(`(d) floor peer: one INSERT ... ON CONFLICT DO NOTHING per event through pg at ${BURST_RATE}/s for ${BURST_S} s...`);
  const floorEvents = Array.from({ length: BURST_RATE * BURST_S }, () => signedPayment('unused', sessionId()));
  const floorCpu = await stack.cpuMeter();
  const floor = await insertFloor(stack.benchUrl, floorEvents, BURST_RATE, async () => (await floorCpu()).pg);
  log(`(d) burst: ${BURST_RATE} paid events/s for ${BURST_S} s, each its own ledger row...`);
  const burst = await rowTimer.run(BURST_S, BURST_RATE);
  await stack.drain('after (d)', 60_000);
  await rowTimer.end();

  log(`(d) paid backlog: ${BURST_BACKLOG} paid events accepted with the worker stopped, then drained...`);
  const { drain: paidDrain, cpu: paidCpu, rows: backlogRows, non200: backlogNon200 } = await paidBacklog(stack, BURST_BACKLOG, CONNECTIONS);

  const sound = webhookReport({
    settings: { rate: RATE, durationS: DURATION, warmupS: WARMUP_S, burstRate: BURST_RATE, burstS: BURST_S, burstBacklog: BURST_BACKLOG, connections: CONNECTIONS },
    aloneRun,
    withWorker,
    repeats: firehose.repeats,
    drained,
    drainedCpu,
    drained2,
    ledgerRowsForOne,
    peer,
    pipeline,
    non200: rowTimer.non200 + backlogNon200,
    floor,
    burst,
    paidDrain,
    paidCpu,
    backlogRows,
  });
  if (!sound) process.exitCode = 1;
} finally {
  await stack.stop([peerPrefix]);
}
