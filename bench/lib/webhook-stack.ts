/**
 * The webhook bench's fixture: a fresh bench database (a trigger NOTIFYs each ledger row), the real API process
 * accepting signed webhooks, the worker process started and stopped on demand, unpaid donations for the events to
 * pay, and the meters every scenario reads: the inbox, the drain of its backlog, CPU per process.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForHttp, type Managed } from '../../scripts/lib/proc';
import { cpuSince, cpuSnapshot, processTree } from './cpu';
import { benchDatabase, notifyEachLedgerRow } from './database';
import { freePort } from './harness';
import { runCompiledApi, runCompiledWorker } from './processes';
import { deleteRedisPrefixes } from './redis-keys';
import { signedEvent, type Signed } from './stripe-events';

const WEBHOOK_SECRET = 'whsec_bench_webhooks';
const DONATION_CENTS = 2500;
export const WEBHOOK_PATH = '/api/stripe/webhook';

export type CpuUse = { api: number; worker: number; pg: number };
export type WebhookStack = Awaited<ReturnType<typeof startWebhookStack>>;

/** CPU ms per event of each process, "api / worker / pg". */
export const perEvent = (cpu: CpuUse, n: number) => [cpu.api, cpu.worker, cpu.pg].map((v) => (n > 0 ? (v / n).toFixed(2) : 'n/a')).join(' / ');

export const sessionId = () => `cs_bench_${randomBytes(12).toString('hex')}`;

/** A signed checkout.session.completed paying `donationId` with checkout session `session`. */
export const signedPayment = (donationId: string, session: string): Signed => signedEvent(WEBHOOK_SECRET, DONATION_CENTS, donationId, session);

/** The headers of one signed webhook request. */
export const webhookHeaders = (e: Signed) => ({ 'content-type': 'application/json', 'stripe-signature': e.signature });

/**
 * Starts the stack (the API is started, not yet ready: await `ready()`); `stop()` takes it all down. `withoutLog`:
 * this database's ledger rows never join the transparency log (its queueing trigger is dropped, so each writing
 * transaction's append finds nothing to do and no checkpoint is ever signed, and so is the deferred check that every
 * row was appended): the pipeline as it would be without the log, for a comparison on the same code and database
 * server. Only a bench does this to its own database.
 */
export async function startWebhookStack(dbName: string, log: (m: string) => void, opts: { withoutLog?: boolean } = {}) {
  // A fresh database every run: the figures must not depend on what an earlier run left behind.
  const { services, url: benchUrl, db, close } = await benchDatabase(dbName, log, { fresh: true });
  await notifyEachLedgerRow(db);
  if (opts.withoutLog) await db.raw('DROP TRIGGER token_purchases_log_queue ON token_purchases; DROP TRIGGER token_purchases_log_appended ON token_purchases');

  const prefix = `bench_webhooks_${randomBytes(3).toString('hex')}`;
  const apiPort = await freePort();
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const common = { DATABASE_URL: benchUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: prefix, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  // The API and the worker as production runs them (the esbuild bundles on plain Node, with their flags).
  const api = await runCompiledApi('api', {
    ...process.env,
    ...common,
    PORT: String(apiPort),
    WEB_DIST: '/nonexistent',
    STRIPE_SECRET_KEY: 'sk_test_bench_unused',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });
  let worker: Managed | undefined;

  async function newDonations(n: number): Promise<string[]> {
    const { rows } = (await db.raw(`INSERT INTO donations (amount_cents, wants_adx_tokens) SELECT ?, true FROM generate_series(1, ?) RETURNING id`, [DONATION_CENTS, n])) as { rows: Array<{ id: string }> };
    return rows.map((r) => r.id);
  }
  const unprocessed = async () => Number(((await db('stripe_events').whereNull('processed_at').count({ n: '*' }).first()) as { n: string }).n);
  const inboxSize = async () => Number(((await db('stripe_events').count({ n: '*' }).first()) as { n: string }).n);
  /** Ledger rows whose payment reference is one of `sessions`. */
  const ledgerRows = async (sessions: string[]) => Number(((await db('token_purchases').whereIn('payment_reference', sessions).count({ n: '*' }).first()) as { n: string }).n);

  /**
   * CPU used from now on by the API process tree, the worker process tree and the Postgres backends
   * of the bench database (these include the bench's own small polling queries). Other tenants of a
   * shared machine slow a run down, but change the CPU cost per operation much less.
   */
  async function cpuMeter(): Promise<() => Promise<CpuUse>> {
    const pgPids = async () => ((await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [dbName])) as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
    const apiPids = () => processTree(api.child.pid!);
    const workerPids = () => (worker ? processTree(worker.child.pid!) : []);
    const before = { api: cpuSnapshot(apiPids()), worker: cpuSnapshot(workerPids()), pg: cpuSnapshot(await pgPids()) };
    return async () => ({ api: cpuSince(before.api, apiPids()), worker: cpuSince(before.worker, workerPids()), pg: cpuSince(before.pg, await pgPids()) });
  }

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

  return {
    services,
    benchUrl,
    apiBase,
    newDonations,
    unprocessed,
    inboxSize,
    ledgerRows,
    cpuMeter,
    drain,
    ready: () => waitForHttp(`${apiBase}/readyz`, 60_000),
    startWorker: async () => {
      worker = await runCompiledWorker('worker', { ...process.env, ...common });
    },
    stopWorker: async () => {
      await worker?.stop();
      worker = undefined;
    },
    /** Stops the processes, drops the connection and the Redis keys (ours and `otherPrefixes`). */
    stop: async (otherPrefixes: string[]) => {
      await Promise.all([api.stop(), worker?.stop()]);
      await db.destroy();
      await deleteRedisPrefixes(services.redisUrl, [prefix, ...otherPrefixes]);
      await close();
    },
  };
}
