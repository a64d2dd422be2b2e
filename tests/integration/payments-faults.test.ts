// Fault tests of the exactly-once ledger pipeline: a worker process killed with SIGKILL in
// the middle of ledger.record, and Redis gone while webhooks arrive. Real processes, no test hooks in
// the handler: "in the middle" is made deterministic with a Postgres row lock the test holds.
import { Queue, QueueEvents } from 'bullmq';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enqueue } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import type { FakeSession } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventuallyWith, spawnWorkerProcess, stripeAppEnv, useFakeStripe, type WorkerProcess, workerProcessEnv } from '../helpers/processes';
import { deliver, paidDonation as paidDonationAt } from '../helpers/payments';
import { eventually } from '../helpers/worker';
import { useRedisOutage } from '../helpers/redis-outage';

const stripe = useFakeStripe();

/** A paid donation with tokens (each from its own address: the donation limit is 10 a minute per IP). */
const paidDonation = (t: TestApp, amount: number): Promise<FakeSession> => paidDonationAt(t, stripe(), amount);

describe('a worker killed with SIGKILL in the middle of ledger.record', () => {
  const LOCK_MS = '2000';
  let t: TestApp;
  let lockHolder: Knex.Transaction | undefined;
  const procs: WorkerProcess[] = [];
  const connection = createBullConnection(inject('redisUrl'));
  const eventsConnection = createBullConnection(inject('redisUrl'));
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    t = await startTestApp({ env: stripeAppEnv(stripe()) });
    // These payments were written at the sale's former donation rate, 100 ADX per dollar; the assertions keep it.
    await t.database.db('token_sale').update({ tokens_per_dollar: '100' });
    queue = new Queue('ledger', { connection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
    events = new QueueEvents('ledger', { connection: eventsConnection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await lockHolder?.rollback().catch(() => undefined);
    await Promise.all(procs.map((p) => p.stop()));
    await events?.close();
    await queue?.close();
    connection.disconnect();
    eventsConnection.disconnect();
    await t?.close();
  });

  it('is recovered as a stalled job by the next worker, and exactly one ledger row exists', { timeout: 120_000 }, async () => {
    const db = t.database.db;
    const session = await paidDonation(t, 4200);
    const e = stripe().event('checkout.session.completed', session);

    // No worker runs yet: the webhook writes the inbox row and the job waits in the queue.
    expect((await deliver(t, e)).statusCode).toBe(200);
    expect(await (await queue.getJob(e.id))?.getState()).toBe('waiting');

    // Hold the inbox row's lock, so the worker that takes the job blocks inside ledger.record's transaction.
    lockHolder = await db.transaction();
    await lockHolder('stripe_events').where({ id: e.id }).forUpdate().first();

    const stalled: string[] = [];
    events.on('stalled', ({ jobId }) => stalled.push(jobId));

    const first = spawnWorkerProcess(workerProcessEnv(t, inject('redisUrl'), { WORKER_LOCK_DURATION_MS: LOCK_MS }));
    procs.push(first);
    await eventuallyWith([first], async () => (await (await queue.getJob(e.id))?.getState()) === 'active', 30_000, 'the first worker to take the job');
    // ...and to be inside the handler: its transaction waits for our lock on the inbox row.
    await eventuallyWith(
      [first],
      async () => {
        const { rows } = (await db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as { rows: Array<{ n: number }> };
        return rows[0]!.n === 1;
      },
      10_000,
      'the worker to wait for the inbox row lock inside ledger.record',
    );

    await first.kill();
    await lockHolder.rollback();
    lockHolder = undefined;
    expect(await (await queue.getJob(e.id))?.getState()).toBe('active'); // orphaned: nobody renews its lock
    expect(await db('token_purchases').where({ payment_reference: session.id })).toHaveLength(0);

    const second = spawnWorkerProcess(workerProcessEnv(t, inject('redisUrl'), { WORKER_LOCK_DURATION_MS: LOCK_MS }));
    procs.push(second);
    // Completed in BullMQ comes last (after the handler's transaction committed).
    await eventuallyWith([first, second], async () => (await (await queue.getJob(e.id))?.getState()) === 'completed', 60_000, 'the second worker to recover and complete the job');
    await eventually(async () => stalled.includes(e.id), 10_000, 'the stalled event of the job');

    const job = await queue.getJob(e.id);
    expect(job?.returnvalue).toEqual({ status: 'paid', ledgerRow: true });
    expect(job?.stalledCounter).toBe(1);
    expect(job?.attemptsStarted).toBe(2);
    const rows = await db('token_purchases').where({ payment_reference: session.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ investment_amount_usd: '42.00', tokens_to_be_distributed: '4200.00000000', source: 'donation' });
    expect((await db('donations').where({ id: session.metadata.row_id }).first()).status).toBe('paid');
    const inbox = await db('stripe_events').where({ id: e.id }).first();
    expect(inbox.processed_at).not.toBeNull();
    expect(inbox.attempts).toBe(1); // the killed run's transaction left nothing behind
  });
});

describe('Redis stopped while webhooks arrive', () => {
  const N = 50;
  const outage = useRedisOutage(stripe);

  it('answers every webhook 200 at once, and the reconciler records all of them exactly once when Redis returns', { timeout: 120_000 }, async () => {
    const t = outage.t;
    const db = t.database.db;
    const worker = outage.spawnWorker();
    const sessions: FakeSession[] = [];
    for (let i = 0; i < N; i++) sessions.push(await paidDonation(t, 1000 + i));
    const deliveries = sessions.map((s) => stripe().event('checkout.session.completed', s));
    await outage.workerStarted(worker);

    await outage.redisDown();

    const answers = await Promise.all(
      deliveries.map(async (d) => {
        const started = performance.now();
        const res = await deliver(t, d);
        return { status: res.statusCode, ms: performance.now() - started };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200));
    // The route races the enqueue against a 2 s timeout: nobody waits for Redis.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5_000);
    const ids = deliveries.map((d) => d.id);
    expect(await db('stripe_events').whereIn('id', ids).whereNull('processed_at')).toHaveLength(N);
    expect(await db('token_purchases').whereIn('payment_reference', sessions.map((s) => s.id))).toHaveLength(0);

    // Redis returns empty (no persistence): the jobs are gone; only the inbox knows about the events.
    await outage.redisBack();
    await outage.withLedgerQueue(async (queues, events) => {
      const w = worker;
      const reconcile = async (payload: { olderThanSeconds?: number }) => {
        const job = await queues.ledger.getJob(await enqueue(queues, 'ledger.reconcile', payload));
        try {
          return (await job!.waitUntilFinished(events, 60_000)) as unknown;
        } catch (err) {
          throw new Error(`reconcile did not finish: ${(err as Error).message}\nworker output:\n${w.output()}`);
        }
      };
      // The scheduled reconcile (default payload) leaves events younger than a minute alone...
      expect(await reconcile({})).toEqual({ stale: 0, requeued: 0 });
      // ...one asked for right after the outage takes them all.
      expect(await reconcile({ olderThanSeconds: 0 })).toEqual({ stale: N, requeued: N });
      await eventuallyWith([w], async () => (await db('stripe_events').whereIn('id', ids).whereNull('processed_at')).length === 0, 60_000, 'every inbox event processed');
    });

    const ledger = (await db('token_purchases')
      .whereIn('payment_reference', sessions.map((s) => s.id))
      .groupBy('payment_reference')
      .select('payment_reference', db.raw('count(*)::int AS n'))) as Array<{ payment_reference: string; n: number }>;
    expect(ledger).toHaveLength(N);
    expect(ledger.every((r) => r.n === 1)).toBe(true);
    expect(await db('donations').whereIn('id', sessions.map((s) => s.metadata.row_id!)).where({ status: 'paid' })).toHaveLength(N);
    expect(await db('stripe_events').whereIn('id', ids).whereNotNull('last_error')).toHaveLength(0);
  });
});
