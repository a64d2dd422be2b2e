// Fault tests of refunds on the exactly-once ledger pipeline (docs/decisions/0001-money-moves-back.md), as payments-faults.test.ts does
// for payments: a worker killed with SIGKILL in the middle of applying a refund, and Redis gone while
// refund events arrive. Real processes; "in the middle" is a Postgres row lock the test holds.
import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enqueue } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import type { FakeSession } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventuallyWith, spawnWorkerProcess, stripeAppEnv, useFakeStripe, type WorkerProcess, workerProcessEnv } from '../helpers/processes';
import { deliver, inboxDrained, ledgerOf, netOf, startDonation } from '../helpers/payments';
import { useRedisOutage } from '../helpers/redis-outage';

const stripe = useFakeStripe();

/** A donation paid and recorded by the success page's verify call (no worker needed). */
async function recordedDonation(t: TestApp, amount: number): Promise<FakeSession> {
  const s = stripe().pay((await startDonation(t, stripe(), amount)).id);
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/verify', payload: { session_id: s.id }, remoteAddress: '10.99.0.1' });
  expect(res.json()).toMatchObject({ status: 'paid' });
  return s;
}

describe('a worker killed with SIGKILL in the middle of a refund', () => {
  let t: TestApp;
  let lockHolder: Knex.Transaction | undefined;
  const procs: WorkerProcess[] = [];
  const connection = createBullConnection(inject('redisUrl'));
  let queue: Queue;

  beforeAll(async () => {
    t = await startTestApp({ env: stripeAppEnv(stripe()) });
    // These payments were written at the sale's former donation rate, 100 ADX per dollar; the assertions keep it.
    await t.database.db('token_sale').update({ tokens_per_dollar: '100' });
    queue = new Queue('ledger', { connection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
  });
  afterAll(async () => {
    await lockHolder?.rollback().catch(() => undefined);
    await Promise.all(procs.map((p) => p.stop()));
    await queue?.close();
    connection.disconnect();
    await t?.close();
  });

  it('is recovered by the next worker: one reversal row, status refunded', { timeout: 120_000 }, async () => {
    const db = t.database.db;
    const s = await recordedDonation(t, 6400);
    const e = stripe().sign(stripe().refund(s.id));
    expect((await deliver(t, e)).statusCode).toBe(200);

    // The worker blocks inside ledger.record's transaction on the donation row the refund must lock.
    lockHolder = await db.transaction();
    await lockHolder('donations').where({ id: s.metadata.row_id }).forUpdate().first();
    const first = spawnWorkerProcess(workerProcessEnv(t, inject('redisUrl'), { WORKER_LOCK_DURATION_MS: '2000' }));
    procs.push(first);
    await eventuallyWith(
      [first],
      async () => {
        const { rows } = (await db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as { rows: Array<{ n: number }> };
        return rows[0]!.n === 1;
      },
      30_000,
      'the worker to wait for the donation row inside ledger.record',
    );
    await first.kill();
    await lockHolder.rollback();
    lockHolder = undefined;
    expect((await ledgerOf(db, s.id)).length).toBe(1);

    const second = spawnWorkerProcess(workerProcessEnv(t, inject('redisUrl'), { WORKER_LOCK_DURATION_MS: '2000' }));
    procs.push(second);
    await eventuallyWith([first, second], async () => (await (await queue.getJob(e.id))?.getState()) === 'completed', 60_000, 'the second worker to complete the refund');
    expect(await netOf(db, s.id)).toEqual({ cents: 0, units: 0n, rows: 2 });
    expect((await db('donations').where({ id: s.metadata.row_id }).first()).status).toBe('refunded');
    expect((await db('stripe_events').where({ id: e.id }).first()).attempts).toBe(1);
  });
});

describe('Redis stopped while refund events arrive', () => {
  const N = 20;
  const outage = useRedisOutage(stripe);

  it('answers 200, and the reconciler applies every refund exactly once when Redis returns', { timeout: 120_000 }, async () => {
    const t = outage.t;
    const db = t.database.db;
    const sessions: FakeSession[] = [];
    for (let i = 0; i < N; i++) sessions.push(await recordedDonation(t, 1000 + i));
    // Half refunded in full, half in two partial refunds (both cumulative events delivered twice).
    const deliveries = sessions.flatMap((s, i) => (i % 2 ? [stripe().refund(s.id)] : [stripe().refund(s.id, 300), stripe().refund(s.id, 200)])).map((e) => stripe().sign(e));
    const worker = outage.spawnWorker();
    await outage.workerStarted(worker);

    await outage.redisDown();
    const answers = await Promise.all([...deliveries, ...deliveries].map((d) => deliver(t, d)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (const s of sessions) expect((await ledgerOf(db, s.id)).length).toBe(1);

    await outage.redisBack();
    await outage.withLedgerQueue(async (queues, events) => {
      const job = await queues.ledger.getJob(await enqueue(queues, 'ledger.reconcile', { olderThanSeconds: 0 }));
      expect(await job!.waitUntilFinished(events, 60_000)).toEqual({ stale: deliveries.length, requeued: deliveries.length });
      const w = worker;
      await eventuallyWith([w], () => inboxDrained(db), 60_000, 'every refund event applied');
    });
    for (const [i, s] of sessions.entries()) {
      const net = await netOf(db, s.id);
      // Two partial refunds make one or two reversal rows, depending on which event was applied first.
      expect({ cents: net.cents, units: net.units }, s.id).toEqual(i % 2 ? { cents: 0, units: 0n } : { cents: 500 + i, units: BigInt(500 + i) * 100_000_000n });
      expect(net.rows).toBeLessThanOrEqual(i % 2 ? 2 : 3);
    }
    const statuses = (await db('donations').whereIn('id', sessions.map((s) => s.metadata.row_id!)).select('status')) as Array<{ status: string }>;
    expect(statuses.filter((r) => r.status === 'refunded')).toHaveLength(N / 2);
    expect(statuses.filter((r) => r.status === 'partially_refunded')).toHaveLength(N / 2);
  });
});
