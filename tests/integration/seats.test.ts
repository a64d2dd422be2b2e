// Seats that hold: 500 concurrent Enroll calls on two API instances (one database, one Redis) for a cohort of 25,
// paying, expiring (webhook and the scheduled sweep) and buying the freed seats again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../fakes/stripe';
import type { TestApp } from '../helpers/app';
import { deliver, inboxDrained } from '../helpers/payments';
import { startReplicas, type Replicas } from '../helpers/replicas';
import { anonymous, signInAs } from '../helpers/session';
import { eventually } from '../helpers/worker';
import { buildCohort } from '../factories/index';

let replicas: Replicas | undefined;
let stripe: FakeStripe;
let a: TestApp;
let b: TestApp;
let cohortId: string;

beforeAll(async () => {
  replicas = await startReplicas({ DB_POOL_MAX: '20' });
  ({ stripe, a, b } = replicas);
  cohortId = (await buildCohort(a.database.db, { seats: 25 })).id;
}, 60_000);
afterAll(async () => {
  await replicas?.close();
});

const db = () => a.database.db;
const counts = async () => (await db()('cohorts').where({ id: cohortId }).first('seats_taken', 'seats_held', 'seats')) as { seats_taken: number; seats_held: number; seats: number };
const reservations = async (status: string) => Number(((await db()('seat_reservations').where({ cohort_id: cohortId, status }).count({ n: '*' }).first()) as { n: string }).n);
const drained = () => eventually(() => inboxDrained(db()), 30_000, 'every event applied');

/** `n` Enroll calls at once, alternating between the two instances, each from its own address. */
async function enrollMany(n: number): Promise<{ sessions: string[]; full: number; other: string[] }> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => anonymous((i % 2 ? b : a).app).request('POST', '/api/payments/program', { kind: 'program' })));
  const sessions: string[] = [];
  let full = 0;
  const other: string[] = [];
  for (const r of answers) {
    if (r.statusCode === 200) sessions.push(String(r.json().url).split('/').pop()!);
    else if (r.statusCode === 409 && r.json().message === 'This cohort is full') full += 1;
    else other.push(`${r.statusCode} ${r.body}`);
  }
  return { sessions, full, other };
}

describe('seats of a cohort of 25', () => {
  let held: string[] = [];

  it('500 concurrent Enroll calls on two instances hold exactly 25 seats; the rest are told the cohort is full', async () => {
    const started = Date.now();
    const { sessions, full, other } = await enrollMany(500);
    expect(other).toEqual([]);
    expect(sessions).toHaveLength(25);
    expect(full).toBe(475);
    expect(await counts()).toMatchObject({ seats_taken: 0, seats_held: 25 });
    expect(await reservations('held')).toBe(25);
    // Every checkout expires with its hold: Stripe's 30 minutes and the minute for the request.
    for (const id of sessions) {
      const s = stripe.sessions.get(id)!;
      expect(s.expires_at * 1000).toBeGreaterThanOrEqual(started + 30 * 60_000);
      expect(s.expires_at * 1000).toBeLessThanOrEqual(Date.now() + 32 * 60_000);
    }
    expect(await db()('program_payments').where({ kind: 'program' }).count({ n: '*' }).first()).toEqual({ n: '25' });
    held = sessions;
  }, 120_000);

  it('paying 20 makes 20 participants (webhooks on both instances, repeated); the cohort stays full while 5 are held', async () => {
    const paid = held.slice(0, 20);
    await Promise.all(
      paid.map(async (id, i) => {
        const e = stripe.event('checkout.session.completed', stripe.pay(id));
        await deliver(i % 2 ? a : b, e);
        await deliver(i % 2 ? b : a, e);
      }),
    );
    await drained();
    expect(await counts()).toMatchObject({ seats_taken: 20, seats_held: 5 });
    expect(await reservations('confirmed')).toBe(20);
    expect((await enrollMany(3)).full).toBe(3);
  }, 60_000);

  it('expiry frees seats: 3 through checkout.session.expired, 2 through the scheduled sweep when the expiry event is lost', async () => {
    const open = held.slice(20);
    for (const id of open.slice(0, 3)) {
      const e = stripe.event('checkout.session.expired', stripe.expire(id));
      await deliver(a, e);
      await deliver(b, e);
    }
    await drained();
    expect(await counts()).toMatchObject({ seats_taken: 20, seats_held: 2 });

    // The other two checkouts expired at Stripe long ago, and no event ever reached us.
    const lost = open.slice(3).map((id) => stripe.sessions.get(id)!.metadata.row_id!);
    await db()('seat_reservations').whereIn('payment_id', lost).update({ expires_at: db().raw("now() - interval '1 hour'") });
    for (const id of open.slice(3)) stripe.expire(id);
    await a.app.queues.ledger.add('program.seat-sweep', {});
    await eventually(async () => (await counts()).seats_held === 0, 20_000, 'the sweep to free the lost holds');
    expect(await reservations('released')).toBe(5);
    expect(await db()('program_payments').whereIn('id', lost).pluck('status')).toEqual(['pending', 'pending']);
  }, 60_000);

  it('the 5 freed seats go to the next buyers; paying them makes 25 participants, never 26', async () => {
    const { sessions, full } = await enrollMany(12);
    expect(sessions).toHaveLength(5);
    expect(full).toBe(7);
    for (const id of sessions) await deliver(id.length % 2 ? a : b, stripe.event('checkout.session.completed', stripe.pay(id)));
    await drained();
    expect(await counts()).toMatchObject({ seats_taken: 25, seats_held: 0, seats: 25 });
    expect(await reservations('confirmed')).toBe(25);
    const participants = (await db()('program_payments as p').join('seat_reservations as s', 's.payment_id', 'p.id').where({ 'p.status': 'paid', 's.status': 'confirmed' }).count({ n: '*' }).first()) as { n: string };
    expect(Number(participants.n)).toBe(25);
    expect((await enrollMany(2)).full).toBe(2);
  }, 60_000);

  it('admins see seats taken, held and free', async () => {
    const admin = await signInAs(a.app, db(), 'seats_admin', { admin: true });
    const res = await admin.request('GET', '/api/admin/cohorts');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0]).toMatchObject({ id: cohortId, seats: 25, seatsTaken: 25, seatsHeld: 0, seatsFree: 0, state: 'open' });
    expect((await anonymous(a.app).request('GET', '/api/program')).json().next).toMatchObject({ id: cohortId, seatsFree: 0, state: 'open' });
  });
});
