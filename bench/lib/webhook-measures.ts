/**
 * The webhook bench's measurements, each on a running stack (./webhook-stack): (a) signed webhooks accepted per
 * second under autocannon, (b)/(d) webhook sent -> ledger row committed at a fixed rate, (c) the BullMQ peer, and
 * the paid backlog sent as fast as the API takes it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, Worker } from 'bullmq';
import pg from 'pg';
import { createBullConnection } from '@app/common/server/redis';
import { load, type LoadResult, type RequestSpec } from './harness';
import { paced, type Signed } from './stripe-events';
import { perEvent, sessionId, signedPayment, WEBHOOK_PATH, webhookHeaders, type CpuUse, type WebhookStack } from './webhook-stack';

/** Pre-signed events that all pay one donation, handed out one per request (a repeat is counted). */
export function webhookFirehose(count: number, donationId: string, session: string) {
  let pool: Signed[] = [];
  let next = 0;
  const firehose = {
    repeats: 0,
    /** Fresh signatures (Stripe's tolerance is 300 s). */
    refill() {
      pool = Array.from({ length: count }, () => signedPayment(donationId, session));
      next = 0;
    },
    request(): RequestSpec {
      if (next >= pool.length) firehose.repeats++;
      const e = pool[next++ % pool.length]!;
      return { method: 'POST', path: WEBHOOK_PATH, body: e.payload, headers: webhookHeaders(e) };
    },
  };
  firehose.refill();
  return firehose;
}

/** (a) One autocannon run of the firehose: requests per second, inbox rows it added, CPU per added row. */
export async function acceptedRun(
  stack: WebhookStack,
  firehose: ReturnType<typeof webhookFirehose>,
  name: string,
  opts: { connections: number; durationS: number },
): Promise<LoadResult & { inboxAdded: number; cpu: string }> {
  const before = await stack.inboxSize();
  const cpu = await stack.cpuMeter();
  const r = await load(name, stack.apiBase, { connections: opts.connections, durationS: opts.durationS, request: () => firehose.request() });
  const used = await cpu();
  const inboxAdded = (await stack.inboxSize()) - before;
  return { ...r, inboxAdded, cpu: perEvent(used, inboxAdded) };
}

/** (c) BullMQ's bare add -> process round trip: a Queue and a Worker with a no-op processor on `prefix`. */
export async function bullmqPeer(redisUrl: string, prefix: string, rate: number) {
  const producerConn = createBullConnection(redisUrl);
  const workerConn = createBullConnection(redisUrl);
  const peerQueue = new Queue('peer', { connection: producerConn, prefix, defaultJobOptions: { removeOnComplete: 1_000, removeOnFail: 1_000 } });
  const peerWorker = new Worker('peer', async () => undefined, { connection: workerConn, prefix, concurrency: 4 });
  await peerWorker.waitUntilReady();
  const peerSent = new Map<string, number>();
  let peerLatencies: number[] = [];
  peerWorker.on('completed', (job) => {
    const t0 = peerSent.get(job.id!);
    if (t0 !== undefined) peerLatencies.push(performance.now() - t0);
  });
  return {
    async run(tag: string, seconds: number) {
      peerLatencies = [];
      peerSent.clear();
      const cpu0 = process.cpuUsage();
      const achieved = await paced(rate * seconds, rate, (i) => {
        const id = `${tag}-${i}`;
        peerSent.set(id, performance.now());
        void peerQueue.add('noop', { i }, { jobId: id });
      });
      const deadline = Date.now() + 30_000;
      while (peerLatencies.length < peerSent.size && Date.now() < deadline) await sleep(20);
      const cpu = process.cpuUsage(cpu0);
      return { rate: achieved, latencies: [...peerLatencies], lost: peerSent.size - peerLatencies.length, cpuPerJob: ((cpu.user + cpu.system) / 1000 / peerSent.size).toFixed(2) };
    },
    async close() {
      await peerWorker.close();
      await peerQueue.close();
      producerConn.disconnect();
      workerConn.disconnect();
    },
  };
}

/**
 * (b), (d) Webhook sent -> its ledger row committed, every event paying a distinct donation, sent open loop at a
 * fixed rate; the row's commit is heard through the bench trigger's NOTIFY. `non200` counts refused answers.
 */
export async function ledgerRowTimer(stack: WebhookStack) {
  const listener = new pg.Client({ connectionString: stack.benchUrl });
  await listener.connect();
  await listener.query('LISTEN bench_ledger');
  const sentAt = new Map<string, number>();
  let rowLatencies: number[] = [];
  let httpLatencies: number[] = [];
  const timer = {
    non200: 0,
    async run(seconds: number, rate: number) {
      const donations = await stack.newDonations(rate * seconds);
      const events = donations.map((d) => signedPayment(d, sessionId()));
      rowLatencies = [];
      httpLatencies = [];
      sentAt.clear();
      const cpu = await stack.cpuMeter();
      const inflight: Array<Promise<void>> = [];
      const achieved = await paced(events.length, rate, (i) => {
        const e = events[i]!;
        const t0 = performance.now();
        sentAt.set(e.session, t0);
        inflight.push(
          fetch(`${stack.apiBase}${WEBHOOK_PATH}`, { method: 'POST', body: e.payload, headers: webhookHeaders(e) }).then(
            async (res) => {
              await res.arrayBuffer();
              httpLatencies.push(performance.now() - t0);
              if (res.status !== 200) timer.non200++;
            },
            () => {
              timer.non200++;
            },
          ),
        );
      });
      await Promise.all(inflight);
      const deadline = Date.now() + 60_000;
      while (rowLatencies.length < events.length && Date.now() < deadline) await sleep(20);
      return { rate: achieved, rows: [...rowLatencies], http: [...httpLatencies], missing: events.length - rowLatencies.length, cpu: perEvent(await cpu(), events.length) };
    },
    end: () => listener.end(),
  };
  listener.on('notification', (n) => {
    const t0 = n.payload ? sentAt.get(n.payload) : undefined;
    if (t0 !== undefined) rowLatencies.push(performance.now() - t0);
  });
  return timer;
}

/** Sends `events` over `connections` parallel loops as fast as the API answers; returns the non-200 count. */
async function sendAll(stack: WebhookStack, events: Signed[], connections: number): Promise<number> {
  let non200 = 0;
  let sendNext = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sendNext < events.length) {
        const e = events[sendNext++]!;
        const res = await fetch(`${stack.apiBase}${WEBHOOK_PATH}`, { method: 'POST', body: e.payload, headers: webhookHeaders(e) });
        await res.arrayBuffer();
        if (res.status !== 200) non200++;
      }
    }),
  );
  return non200;
}

/**
 * (d) The paid backlog: `count` paid events (each its own donation and ledger row) accepted with the worker stopped,
 * then drained by a fresh worker. The drain clock starts once the new worker has applied something; its CPU per paid
 * event is accepting (per accepted event) + draining (per event drained on the clock).
 */
export async function paidBacklog(stack: WebhookStack, count: number, connections: number) {
  await stack.stopWorker();
  const backlog = (await stack.newDonations(count)).map((d) => signedPayment(d, sessionId()));
  const acceptCpu = await stack.cpuMeter();
  const non200 = await sendAll(stack, backlog, connections);
  const accepted = await acceptCpu();
  await stack.startWorker();
  let drainMeter: (() => Promise<CpuUse>) | undefined;
  const drain = await stack.drain('paid backlog', 300_000, async () => {
    drainMeter = await stack.cpuMeter();
  });
  const drained = await drainMeter!();
  const rows = await stack.ledgerRows(backlog.map((e) => e.session));
  const cpu = {
    api: accepted.api / count + drained.api / drain.events,
    worker: accepted.worker / count + drained.worker / drain.events,
    pg: accepted.pg / count + drained.pg / drain.events,
  };
  return { drain, cpu, rows, non200 };
}
