// Webhooks that arrive together (docs/decisions/0003-burst-throughput.md) share their inbox INSERT and their ledger.record enqueue
// (api/src/modules/payments/webhook.ts), and nothing about each event's answer changes: every one is in the
// inbox before its 200, a redelivery inside the same burst is a duplicate, every event gets its job (jobId = event
// id), and an event Postgres refuses fails alone while the rest of its burst is written.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bullPrefix } from '@app/common/server/redis';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliver } from '../helpers/payments';

let stripe: FakeStripe;
let t: TestApp;
const inserts: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
  t.app.db.on('query', (q: { sql: string }) => {
    if (/^insert into "stripe_events"/i.test(q.sql)) inserts.push(q.sql);
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const post = (d: { payload: string; signature: string }) => deliver(t, d);

describe('a burst of webhooks', () => {
  it('is written with fewer statements than events, each event answered and enqueued as if alone', async () => {
    const events = Array.from({ length: 40 }, (_, i) => stripe.event('checkout.session.completed', { id: `cs_burst_${i}`, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: 100, metadata: {} }));
    const sends = [...events, events[3]!, events[17]!]; // two redeliveries racing their originals
    inserts.length = 0;
    const answers = await Promise.all(sends.map(post));
    expect(answers.map((a) => a.statusCode)).toEqual(sends.map(() => 200));
    // Each id answered `duplicate: false` exactly once.
    const firsts = new Map<string, number>();
    answers.forEach((a, i) => {
      const body = a.json() as { received: boolean; duplicate: boolean };
      expect(body.received).toBe(true);
      if (!body.duplicate) firsts.set(sends[i]!.id, (firsts.get(sends[i]!.id) ?? 0) + 1);
    });
    expect([...firsts.values()]).toEqual(events.map(() => 1));
    const ids = events.map((e) => e.id);
    expect(Number((await t.database.db('stripe_events').whereIn('id', ids).count({ n: '*' }).first())?.n)).toBe(events.length);
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThan(sends.length / 2);
    const queue = new Queue('ledger', { connection: { url: inject('redisUrl') }, prefix: bullPrefix(t.config.REDIS_PREFIX) });
    try {
      const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
      expect(jobs.map((j) => j?.name)).toEqual(ids.map(() => 'ledger.record'));
      expect(jobs.map((j) => (j?.data as { eventId: string }).eventId)).toEqual(ids);
    } finally {
      await queue.close();
    }
  });

  it('fails only the event Postgres refuses', async () => {
    // A NUL character is valid JSON but not valid in Postgres's jsonb: that event's INSERT fails.
    const bad = stripe.event('checkout.session.completed', { id: 'cs_burst_nul', object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: 100, metadata: { note: 'a\u0000b' } });
    const good = Array.from({ length: 10 }, (_, i) => stripe.event('checkout.session.completed', { id: `cs_burst_ok_${i}`, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: 100, metadata: {} }));
    const answers = await Promise.all([...good.slice(0, 5), bad, ...good.slice(5)].map(post));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 500, 200, 200, 200, 200, 200]);
    const stored = await t.database.db('stripe_events').whereIn('id', [...good.map((e) => e.id), bad.id]).pluck('id');
    expect(stored.sort()).toEqual(good.map((e) => e.id).sort());
  });
});
