// Reconciliation with the provider (docs/decisions/0001-money-moves-back.md): with no webhook delivered at all, payments completed at
// the (fake) Stripe are recorded by the scheduled job listing Stripe's events, exactly once.
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createStripeClient } from '@app/common/server/stripe-client';
import { closeQueues, createQueues, enqueue, type Queues } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliver, inboxDrained, startDonation } from '../helpers/payments';
import { signInAs } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let stripe: FakeStripe;
let t: TestApp;
let worker: RunningWorkers;
let queues: Queues;
let events: QueueEvents;
const connection = createBullConnection(inject('redisUrl'));
const eventsConnection = createBullConnection(inject('redisUrl'));

beforeAll(async () => {
  stripe = await startFakeStripe();
  stripe.maxPage = 3; // ten payments take several pages of events.list
  t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { stripe: createStripeClient({ secretKey: stripe.secretKey, apiUrl: stripe.baseUrl }) });
  queues = createQueues(connection, t.config.REDIS_PREFIX);
  events = new QueueEvents('ledger', { connection: eventsConnection, prefix: bullPrefix(t.config.REDIS_PREFIX) });
  await events.waitUntilReady();
  // The worker's schedule runs a reconciliation as it starts. Finished first: one still running while the test pays
  // would list the first payments itself and move the cursor past them, before the run this test asks for.
  await eventually(async () => Boolean(await t.database.db('provider_reconciliations').whereNotNull('finished_at').first()), 30_000, 'the reconciliation the worker runs at start');
});
afterAll(async () => {
  await events?.close();
  if (queues) await closeQueues(queues);
  connection.disconnect();
  eventsConnection.disconnect();
  await worker?.close();
  await t?.close();
  await stripe?.close();
});

async function reconcile(): Promise<unknown> {
  const job = await queues.ledger.getJob(await enqueue(queues, 'ledger.provider-reconcile', {}));
  const result = await job!.waitUntilFinished(events, 30_000);
  await eventually(() => inboxDrained(t.database.db), 20_000, 'every event applied');
  return result;
}

const rowsOf = async (sessions: FakeSession[]) => t.database.db('token_purchases').whereIn('payment_reference', sessions.map((s) => s.id));

it('records ten payments whose webhooks never came, once; a second run changes nothing; the next lists only what is new', { timeout: 120_000 }, async () => {
  const sessions: FakeSession[] = [];
  for (let i = 0; i < 10; i++) {
    const s = stripe.pay((await startDonation(t, stripe, 1500 + i)).id);
    stripe.event('checkout.session.completed', s); // logged at Stripe, never delivered: the webhook route is not reached
    sessions.push(s);
  }
  stripe.event('customer.created', { id: 'cus_1' }); // not a ledger event: listed, not recorded
  expect(await rowsOf(sessions)).toHaveLength(0);

  expect(await reconcile()).toMatchObject({ listed: 11, missing: 10, error: null });
  const rows = await rowsOf(sessions);
  expect(rows).toHaveLength(10);
  expect(new Set(rows.map((r) => r.payment_reference)).size).toBe(10);
  expect(await t.database.db('donations').whereIn('id', sessions.map((s) => s.metadata.row_id!)).where({ status: 'paid' })).toHaveLength(10);

  expect(await reconcile()).toMatchObject({ listed: 0, missing: 0 });
  expect(await rowsOf(sessions)).toHaveLength(10);

  // One refund arrives by webhook, another only at Stripe: the next run lists both and records the one we lack.
  await deliver(t, stripe.sign(stripe.refund(sessions[0]!.id)));
  stripe.refund(sessions[1]!.id, 500);
  await eventually(() => inboxDrained(t.database.db));
  expect(await reconcile()).toMatchObject({ listed: 2, missing: 1 });
  expect((await t.database.db('donations').where({ id: sessions[1]!.metadata.row_id }).first()).status).toBe('partially_refunded');

  const admin = await signInAs(t.app, t.database.db, 'reconcile_admin', { admin: true });
  const last = (await admin.request('GET', '/api/admin/payments/reconciliation')).json();
  expect(last).toMatchObject({ last: { listed: 2, missing: 1, error: null } });
});
