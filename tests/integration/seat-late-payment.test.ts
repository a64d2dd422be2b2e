// A late async payment into a cohort that filled up meanwhile is refunded once, recorded and mailed, whatever the
// order and number of its webhook deliveries; it never makes a participant beyond the cohort's seats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSession, FakeStripe } from '../fakes/stripe';
import type { TestApp } from '../helpers/app';
import { deliver, inboxDrained } from '../helpers/payments';
import { startReplicas, type Replicas } from '../helpers/replicas';
import { signInAs } from '../helpers/session';
import { eventually } from '../helpers/worker';
import { buildCohort } from '../factories/index';

let replicas: Replicas | undefined;
let stripe: FakeStripe;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  replicas = await startReplicas();
  ({ stripe, a, b } = replicas);
}, 60_000);
afterAll(async () => {
  await replicas?.close();
});

const db = () => a.database.db;
const drained = () => eventually(() => inboxDrained(db()), 30_000, 'every event applied');

/** A signed-in member's Enroll: the checkout session at the fake Stripe. */
async function enroll(name: string): Promise<FakeSession> {
  const member = await signInAs(a.app, db(), name, { email: `${name}@example.org` });
  const res = await member.request('POST', '/api/payments/program', { kind: 'program' });
  expect(res.statusCode, res.body).toBe(200);
  return stripe.sessions.get(String(res.json().url).split('/').pop()!)!;
}

/** The hold of `s` ended (its checkout outlived it: an async payment method still settling) and the sweep ran. */
async function holdEnds(s: FakeSession): Promise<void> {
  await db()('seat_reservations').where({ payment_id: s.metadata.row_id }).update({ expires_at: db().raw("now() - interval '1 hour'") });
  await a.app.queues.ledger.add('program.seat-sweep', {});
  await eventually(async () => (await db()('seat_reservations').where({ payment_id: s.metadata.row_id }).first('status')).status === 'released', 20_000, 'the hold released');
}

const refundsOf = (s: FakeSession) => stripe.refundCalls.filter((r) => r.metadata.row_id === s.metadata.row_id);

/** Delivers the provider's charge.refunded events of `s` (twice each, to both instances), as Stripe would after the refund. */
async function deliverRefunds(s: FakeSession): Promise<void> {
  for (const e of stripe.events.filter((x) => x.type === 'charge.refunded' && (x.data.object as { payment_intent: string }).payment_intent === s.payment_intent)) {
    await deliver(a, stripe.sign(e));
    await deliver(b, stripe.sign(e));
  }
  await drained();
}

type Order = 'succeeded-first' | 'completed-first' | 'storm';

describe('a late async payment into a full cohort', () => {
  const cases: Order[] = ['succeeded-first', 'completed-first', 'storm'];
  for (const [i, order] of cases.entries()) {
    it(`is refunded once and mailed, never a participant (${order})`, async () => {
      const cohort = await buildCohort(db(), { seats: 1, number: 100 + i });
      // Only this cohort is open: earlier ones are moved out of the way.
      await db()('cohorts').whereNot({ id: cohort.id }).update({ enrolment_closes_at: db().raw("now() - interval '1 minute'"), enrolment_opens_at: db().raw("now() - interval '2 days'") });

      const late = await enroll(`late_${i}`);
      await holdEnds(late);
      const winner = await enroll(`winner_${i}`);
      await deliver(b, stripe.event('checkout.session.completed', stripe.pay(winner.id)));
      await drained();
      expect(await db()('cohorts').where({ id: cohort.id }).first('seats_taken', 'seats_held')).toEqual({ seats_taken: 1, seats_held: 0 });

      // The late payer's bank transfer settles now.
      const paid = stripe.pay(late.id);
      const completedUnpaid = stripe.event('checkout.session.completed', { ...paid, payment_status: 'unpaid' });
      const succeeded = stripe.event('checkout.session.async_payment_succeeded', paid);
      if (order === 'succeeded-first') {
        await deliver(a, succeeded);
        await deliver(b, completedUnpaid);
        await deliver(a, succeeded);
      } else if (order === 'completed-first') {
        await deliver(a, completedUnpaid);
        await deliver(b, succeeded);
        await deliver(b, stripe.event('checkout.session.async_payment_succeeded', paid)); // a second event id, same news
      } else {
        const again = stripe.event('checkout.session.async_payment_succeeded', paid);
        await Promise.all([deliver(a, succeeded), deliver(b, succeeded), deliver(a, again), deliver(b, again), deliver(a, completedUnpaid), a.app.inject({ method: 'POST', url: '/api/payments/verify', payload: { session_id: late.id } })]);
      }
      await drained();
      await eventually(async () => refundsOf(late).length > 0, 20_000, 'the refund');
      await deliverRefunds(late);
      // Asked again after everything settled (a redelivery, the sweep): nothing more.
      await deliver(b, succeeded);
      await a.app.queues.ledger.add('program.seat-sweep', {});
      await drained();
      await eventually(async () => (await db()('program_payments').where({ id: late.metadata.row_id }).first('status')).status === 'refunded', 20_000, 'the payment refunded');
      await new Promise((r) => setTimeout(r, 500));

      expect(refundsOf(late)).toEqual([{ payment_intent: late.payment_intent, amount: 249_700, metadata: expect.objectContaining({ reason: 'cohort_full' }) }]);
      expect(await db()('cohorts').where({ id: cohort.id }).first('seats_taken', 'seats_held')).toEqual({ seats_taken: 1, seats_held: 0 });
      expect(await db()('seat_reservations').where({ payment_id: late.metadata.row_id }).first('status')).toEqual({ status: 'overbooked' });
      const audits = await db()('security_audit_logs').where({ event_type: 'seat_refund_requested' }).whereRaw("details->>'payment_id' = ?", [late.metadata.row_id!]);
      expect(audits).toHaveLength(1);

      // Mailed: the refund notice says why; no welcome into the program.
      await eventually(async () => Boolean(await db()('mail_outbox').where({ to_address: `late_${i}@example.org`, kind: 'payment-refunded' }).first()), 20_000, 'the refund notice');
      const mails = await db()('mail_outbox').where({ to_address: `late_${i}@example.org` });
      expect(mails.map((m: { kind: string }) => m.kind)).toEqual(['payment-refunded']);
      expect(mails[0].text_body).toContain('Every seat of cohort');
    }, 90_000);
  }
});
