// Fault tests of the batched ledger.record (docs/decisions/0003-burst-throughput.md): the ledger.record jobs a worker process runs at once
// are applied in one transaction. A worker killed with SIGKILL while such a batch is inside its transaction,
// and a bad event inside a batch. Real processes, no test hooks: "inside" is made deterministic with locks
// the test holds (a payment row lock parks a first, single-event batch; while it waits, the other jobs gather
// into the next one; a table lock on token_purchases then parks that batch at its ledger insert).
import { Queue, type Job } from 'bullmq';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import type { FakeSession } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliverAccepted as deliver, paidDonation as paidDonationAt } from '../helpers/payments';
import { eventuallyWith, spawnWorkerProcess, stripeAppEnv, useFakeStripe, type WorkerProcess, workerProcessEnv } from '../helpers/processes';

const stripe = useFakeStripe();
const workerEnv = (t: TestApp) => workerProcessEnv(t, inject('redisUrl'), { WORKER_LOCK_DURATION_MS: '2000', WORKER_CONCURRENCY_LEDGER: '16' });

/** A paid donation (with or without tokens). */
const paidDonation = (t: TestApp, amount: number, wantsAdxTokens = true): Promise<FakeSession> => paidDonationAt(t, stripe(), amount, wantsAdxTokens);

/** Backends of this test's database waiting for a lock. */
async function lockWaiters(db: Knex): Promise<number> {
  const { rows } = (await db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as { rows: Array<{ n: number }> };
  return rows[0]!.n;
}

/** Which of `ids` some other transaction holds locked right now (probed with SKIP LOCKED, nothing kept). */
async function lockedInboxRows(db: Knex, ids: string[]): Promise<string[]> {
  const probe = await db.transaction();
  try {
    const free = (await probe('stripe_events').whereIn('id', ids).forUpdate().skipLocked().select('id')) as Array<{ id: string }>;
    return ids.filter((id) => !free.some((f) => f.id === id));
  } finally {
    await probe.rollback();
  }
}

/**
 * Parks a worker's first ledger.record job (a donation without tokens, alone in its batch) on a lock of its
 * donation row while `rest` gather behind it; resolves once all of them are active in `worker`. `release`
 * lets the parked one finish: the gathered jobs then form the next batch.
 */
async function parkFirst(t: TestApp, queue: Queue, startWorker: () => WorkerProcess, rest: Array<{ id: string; payload: string; signature: string }>) {
  const db = t.database.db;
  const first = await paidDonation(t, 1700, false);
  const firstEvent = stripe().event('checkout.session.completed', first);
  const rowLock = await db.transaction();
  await rowLock('donations').where({ id: first.metadata.row_id }).forUpdate().first();
  await deliver(t, firstEvent);
  const worker = startWorker();
  await eventuallyWith([worker], async () => (await lockWaiters(db)) === 1, 30_000, 'the first job to wait for its donation row');
  for (const e of rest) await deliver(t, e);
  const all = [firstEvent.id, ...rest.map((e) => e.id)];
  await eventuallyWith([worker], async () => (await Promise.all(all.map(async (id) => (await queue.getJob(id))?.getState()))).every((s) => s === 'active'), 30_000, 'every job active in the worker');
  await new Promise((r) => setTimeout(r, 300)); // active in Redis a moment before the handler has it
  return { worker, firstEvent, release: () => rowLock.rollback() };
}

/**
 * A describe's own app on the fake Stripe, a handle on its ledger queue, and the worker processes and lock holders
 * it starts (stopped and let go after it). Read `t` and `queue` inside tests.
 */
function useBatchSite() {
  const state: { t?: TestApp; queue?: Queue } = {};
  const holders: Knex.Transaction[] = [];
  const procs: WorkerProcess[] = [];
  const connection = createBullConnection(inject('redisUrl'));
  beforeAll(async () => {
    state.t = await startTestApp({ env: stripeAppEnv(stripe()) });
    state.queue = new Queue('ledger', { connection, prefix: bullPrefix(state.t.config.REDIS_PREFIX) });
  });
  afterAll(async () => {
    for (const h of holders) await h.rollback().catch(() => undefined);
    await Promise.all(procs.map((p) => p.stop()));
    await state.queue?.close();
    connection.disconnect();
    await state.t?.close();
  });
  return {
    get t() {
      return state.t!;
    },
    get queue() {
      return state.queue!;
    },
    holders,
    startWorker: () => {
      const w = spawnWorkerProcess(workerEnv(state.t!));
      procs.push(w);
      return w;
    },
  };
}

describe('a worker killed with SIGKILL in the middle of a batch', () => {
  const N = 8;
  const site = useBatchSite();

  it('leaves nothing of the batch behind; the next worker applies every event of it exactly once', { timeout: 120_000 }, async () => {
    const { t, queue, holders, startWorker: start } = site;
    const db = t.database.db;
    const sessions: FakeSession[] = [];
    for (let i = 0; i < N; i++) sessions.push(await paidDonation(t, 2000 + i));
    const events = sessions.map((s) => stripe().event('checkout.session.completed', s));
    const ids = events.map((e) => e.id);
    const parked = await parkFirst(t, queue, start, events);

    // The ledger table locked, the parked job let go: it commits (no ledger row), then the N gathered jobs
    // run as one batch that stops at its ledger insert.
    const tableLock = await db.transaction();
    holders.push(tableLock);
    await tableLock.raw('LOCK TABLE token_purchases IN EXCLUSIVE MODE');
    await parked.release();
    await eventuallyWith([parked.worker], async () => (await db('stripe_events').where({ id: parked.firstEvent.id }).first()).processed_at !== null, 30_000, 'the parked event applied');
    await eventuallyWith([parked.worker], async () => (await lockedInboxRows(db, ids)).length === N && (await lockWaiters(db)) >= 1, 30_000, 'the batch inside its transaction');
    // One transaction holds all N inbox rows and waits: a batch (one transaction per event would be N waiters).
    await new Promise((r) => setTimeout(r, 500));
    expect(await lockedInboxRows(db, ids)).toHaveLength(N);
    expect(await lockWaiters(db)).toBe(1);

    await parked.worker.kill();
    await tableLock.rollback();
    holders.pop();
    expect(await db('stripe_events').whereIn('id', ids).whereNotNull('processed_at')).toHaveLength(0);
    expect(await db('token_purchases').whereIn('payment_reference', sessions.map((s) => s.id))).toHaveLength(0);

    const second = start();
    await eventuallyWith([parked.worker, second], async () => (await Promise.all(ids.map(async (id) => (await queue.getJob(id))?.getState()))).every((s) => s === 'completed'), 60_000, 'the next worker to complete every job');
    const jobs = (await Promise.all(ids.map((id) => queue.getJob(id)))) as Job[];
    expect(jobs.map((j) => j.returnvalue)).toEqual(ids.map(() => ({ status: 'paid', ledgerRow: true })));
    expect(jobs.map((j) => j.attemptsStarted)).toEqual(ids.map(() => 2)); // each started by the killed worker, then once more
    const ledger = (await db('token_purchases')
      .whereIn('payment_reference', sessions.map((s) => s.id))
      .groupBy('payment_reference')
      .select('payment_reference', db.raw('count(*)::int AS n'))) as Array<{ payment_reference: string; n: number }>;
    expect(ledger.map((r) => r.n)).toEqual(ids.map(() => 1));
    expect(await db('donations').whereIn('id', sessions.map((s) => s.metadata.row_id!)).where({ status: 'paid' })).toHaveLength(N);
    const inbox = (await db('stripe_events').whereIn('id', ids).select('processed_at', 'attempts', 'last_error')) as Array<{ processed_at: Date | null; attempts: number; last_error: string | null }>;
    expect(inbox.every((r) => r.processed_at !== null && r.attempts === 1 && r.last_error === null)).toBe(true); // the killed batch left nothing
  });
});

describe('a bad event inside a batch', () => {
  const GOOD = 6;
  const site = useBatchSite();

  it('fails only its own job; the others of its batch apply once', { timeout: 120_000 }, async () => {
    const { t, queue } = site;
    const db = t.database.db;
    const sessions: FakeSession[] = [];
    for (let i = 0; i < GOOD; i++) sessions.push(await paidDonation(t, 3000 + i));
    const good = sessions.map((s) => stripe().event('checkout.session.completed', s));
    // A session that charged another amount than its donation: PaymentMismatchError, never applies.
    const odd = await paidDonation(t, 5000);
    const bad = stripe().event('checkout.session.completed', { ...odd, amount_total: 4999 });
    const batch = [...good.slice(0, 3), bad, ...good.slice(3)];
    const parked = await parkFirst(t, queue, site.startWorker, batch);
    await parked.release();

    const ids = batch.map((e) => e.id);
    await eventuallyWith([parked.worker], async () => (await Promise.all(ids.map(async (id) => (await queue.getJob(id))?.getState()))).every((s) => s === 'completed' || s === 'failed'), 60_000, 'every job finished');
    // The batch with the bad event in it was tried, rolled back, and its events applied one by one.
    expect(parked.worker.output()).toMatch(new RegExp(`"size":${batch.length},[^\\n]*ledger batch failed`));

    const badJob = (await queue.getJob(bad.id))!;
    expect(await badJob.getState()).toBe('failed');
    expect(badJob.failedReason).toContain('charged 4999 cents');
    expect(badJob.attemptsStarted).toBe(1);
    const badInbox = await db('stripe_events').where({ id: bad.id }).first();
    expect(badInbox.processed_at).not.toBeNull();
    expect(badInbox.last_error).toContain('charged 4999 cents');
    expect((await db('donations').where({ id: odd.metadata.row_id }).first()).status).toBe('pending');
    expect(await db('token_purchases').where({ payment_reference: odd.id })).toHaveLength(0);

    const goodJobs = (await Promise.all(good.map((e) => queue.getJob(e.id)))) as Job[];
    expect(goodJobs.map((j) => [j.returnvalue, j.attemptsStarted])).toEqual(good.map(() => [{ status: 'paid', ledgerRow: true }, 1]));
    const ledger = (await db('token_purchases')
      .whereIn('payment_reference', sessions.map((s) => s.id))
      .groupBy('payment_reference')
      .select('payment_reference', db.raw('count(*)::int AS n'))) as Array<{ payment_reference: string; n: number }>;
    expect(ledger.map((r) => r.n)).toEqual(sessions.map(() => 1));
    const inbox = (await db('stripe_events').whereIn('id', good.map((e) => e.id)).select('processed_at', 'attempts', 'last_error')) as Array<{ processed_at: Date | null; attempts: number; last_error: string | null }>;
    expect(inbox.every((r) => r.processed_at !== null && r.attempts === 1 && r.last_error === null)).toBe(true);
  });
});
