import type { Knex } from 'knex';
import { SEAT_HOLD_MS, SEAT_SWEEP_GRACE_MS } from '../../domain/cohorts';
import { pgQuery } from '../db';

// The seats of a cohort. Every change of a reservation's status and the cohort's counters happen in one
// transaction, and the counters only move through conditional UPDATEs (Postgres re-checks their WHERE after
// waiting for the row), so concurrent Enroll calls on any number of API instances cannot take a 26th seat of 25.
// Locks are taken in one order everywhere: payment row, then reservation, then cohort.

/** What an Enroll call got: a held seat, its pending payment and the cohort's facts the checkout shows, or why not. */
export type SeatHold =
  | { ok: true; paymentId: string; receiptCode: string; cohortId: string; expiresAt: Date; priceCents: number; number: number; weeks: number; city: string; startsOn: string }
  | { ok: false; reason: 'full' | 'closed' };

/**
 * Holds one seat of the next cohort at `now` (the earliest not yet started whose enrolment is open, as
 * `nextCohort` picks it) for a new pending enrolment, if a seat is free: the counter, the payment row and the
 * reservation in one statement; 'closed' when no cohort's enrolment is open. The hold lasts SEAT_HOLD_MS (the
 * checkout's life). `describe` is the payment's description as a format() template of the cohort's number and weeks.
 * One statement, choosing the cohort too, rather than a read and a transaction: every Enroll of a rush queues on the
 * cohort's row and on the pool, and this way each holds the row's lock for one round trip and a refusal costs one.
 */
export async function holdSeat(db: Knex, p: { now: Date; describe: string; payerEmail: string | null; userId?: string | null }): Promise<SeatHold> {
  const expiresAt = new Date(p.now.getTime() + SEAT_HOLD_MS);
  const [held] = await pgQuery<{ payment_id: string | null; receipt_code: string | null; cohort_id: string | null; price_cents: string | null; number: number | null; weeks: number | null; city: string | null; starts_on: string | null; open: boolean }>(db, {
    name: 'hold_seat',
    text: HOLD_SEAT,
    values: [p.now, p.describe, p.payerEmail, p.userId ?? null, expiresAt],
  }, { leaveFree: CHECKOUT_STATEMENTS });
  if (held!.payment_id) {
    return { ok: true, paymentId: held!.payment_id, receiptCode: held!.receipt_code!, cohortId: held!.cohort_id!, expiresAt, priceCents: Number(held!.price_cents), number: held!.number!, weeks: held!.weeks!, city: held!.city!, startsOn: held!.starts_on! };
  }
  return { ok: false, reason: held!.open ? 'full' : 'closed' };
}

// A held seat's checkout runs up to two statements after the seat's (the local checkout's session and the session id
// onto the payment row; Stripe's, the latter after its HTTP call). A rush queues hundreds of seat statements per
// process, and a follow-up queued behind them would answer the seat-holding calls last; the seat statements leave this
// many of the pool's connections to the statements that follow them.
const CHECKOUT_STATEMENTS = 2;

// $1 now, $2 the description's format() template, $3 payer e-mail, $4 user id, $5 the hold's expiry. A prepared
// statement (named): parsing and planning it cost more than running it, and a rush runs it on every call.
const HOLD_SEAT = `WITH t AS (
    SELECT id FROM cohorts
     WHERE enrolment_opens_at <= $1::timestamptz AND enrolment_closes_at > $1::timestamptz AND starts_at > $1::timestamptz
     ORDER BY starts_at, id LIMIT 1
  ), c AS (
    UPDATE cohorts SET seats_held = seats_held + 1, updated_at = now()
     WHERE id = (SELECT id FROM t) AND seats_taken + seats_held < seats
    RETURNING id, price_cents, number, weeks, city, starts_on
  ), p AS (
    INSERT INTO program_payments (kind, amount_cents, description, payer_email, cohort_id, user_id)
    SELECT 'program', c.price_cents, format($2::text, c.number, c.weeks), $3::text, c.id, $4::uuid FROM c
    RETURNING id, cohort_id, receipt_code
  ), r AS (
    INSERT INTO seat_reservations (cohort_id, payment_id, status, expires_at)
    SELECT p.cohort_id, p.id, 'held', $5::timestamptz FROM p
    RETURNING payment_id
  )
  SELECT r.payment_id, p.receipt_code, c.id AS cohort_id, c.price_cents, c.number, c.weeks, c.city, c.starts_on, true AS open
    FROM r JOIN p ON p.id = r.payment_id, c
  UNION ALL
  -- No seat: whether a cohort's enrolment is open tells "full" from "closed", in the same round trip.
  SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, EXISTS (SELECT 1 FROM t) WHERE NOT EXISTS (SELECT 1 FROM r)`;

/** Frees the seat a pending enrolment held (its checkout expired, failed or could not start); false when it held none. */
export async function releaseSeat(trx: Knex.Transaction, paymentId: string): Promise<boolean> {
  const [r] = (await trx('seat_reservations').where({ payment_id: paymentId, status: 'held' }).update({ status: 'released', updated_at: trx.fn.now() }).returning('cohort_id')) as Array<{ cohort_id: string }>;
  if (!r) return false;
  await trx('cohorts').where({ id: r.cohort_id }).update({ seats_held: trx.raw('seats_held - 1'), updated_at: trx.fn.now() });
  return true;
}

/** What a paid enrolment's seat became: a participant's, or none left (the payment is refunded). */
export type SeatOutcome = 'confirmed' | 'overbooked';

/**
 * A paid enrolment takes its seat: a held one is confirmed; one whose hold already ended (a late async payment)
 * takes a free seat if there is one, else is marked overbooked, never a participant beyond the cohort's seats.
 * Idempotent; payments without a reservation (sponsorships, older rows) are left out of the answer.
 */
export async function confirmSeats(trx: Knex.Transaction, paymentIds: string[]): Promise<Map<string, SeatOutcome>> {
  const out = new Map<string, SeatOutcome>();
  if (!paymentIds.length) return out;
  const rows = (await trx('seat_reservations').whereIn('payment_id', paymentIds).orderBy('id').forUpdate().select('id', 'payment_id', 'cohort_id', 'status')) as Array<{ id: string; payment_id: string; cohort_id: string; status: string }>;
  for (const r of rows) {
    if (r.status === 'confirmed' || r.status === 'overbooked') {
      out.set(r.payment_id, r.status);
      continue;
    }
    const counters = r.status === 'held' ? { seats_held: trx.raw('seats_held - 1'), seats_taken: trx.raw('seats_taken + 1') } : { seats_taken: trx.raw('seats_taken + 1') };
    let q = trx('cohorts').where({ id: r.cohort_id });
    if (r.status !== 'held') q = q.whereRaw('seats_taken + seats_held < seats');
    const moved = await q.update({ ...counters, updated_at: trx.fn.now() });
    const status: SeatOutcome = moved ? 'confirmed' : 'overbooked';
    await trx('seat_reservations').where({ id: r.id }).update({ status, updated_at: trx.fn.now() });
    out.set(r.payment_id, status);
  }
  return out;
}

/**
 * Frees holds whose checkout expired more than SEAT_SWEEP_GRACE_MS before `now` and whose payment is still not paid
 * (a lost `checkout.session.expired`, an abandoned async payment): one transaction per hold, payment row first and
 * skipped when another transaction holds it (it is deciding that payment now). Returns how many it freed.
 */
export async function sweepExpiredHolds(db: Knex, now: Date, limit = 500): Promise<number> {
  const due = (await db('seat_reservations')
    .where({ status: 'held' })
    .where('expires_at', '<', new Date(now.getTime() - SEAT_SWEEP_GRACE_MS))
    .orderBy('expires_at')
    .limit(limit)
    .pluck('payment_id')) as string[];
  let freed = 0;
  for (const paymentId of due) {
    freed += await db.transaction(async (trx) => {
      const payment = (await trx('program_payments').where({ id: paymentId }).forUpdate().skipLocked().first('status')) as { status: string } | undefined;
      if (!payment || payment.status !== 'pending') return 0;
      return (await releaseSeat(trx, paymentId)) ? 1 : 0;
    });
  }
  return freed;
}

/** Overbooked enrolments whose refund was not asked for yet (the sweep asks again for those a lost job left). */
export async function seatRefundsDue(db: Knex, olderThanMs: number, now: Date, limit = 100): Promise<string[]> {
  return (await db('seat_reservations')
    .where({ status: 'overbooked' })
    .whereNull('refund_requested_at')
    .where('updated_at', '<', new Date(now.getTime() - olderThanMs))
    .orderBy('created_at')
    .limit(limit)
    .pluck('payment_id')) as string[];
}

/** Records that the overbooked enrolment's refund was asked of the provider. */
export async function markSeatRefundRequested(db: Knex, paymentId: string): Promise<void> {
  await db('seat_reservations').where({ payment_id: paymentId, status: 'overbooked' }).whereNull('refund_requested_at').update({ refund_requested_at: db.fn.now() });
}

/** Whether the enrolment was refunded because its cohort was full (the refund notice says so). */
export async function wasOverbooked(db: Knex, paymentId: string): Promise<boolean> {
  return Boolean(await db('seat_reservations').where({ payment_id: paymentId, status: 'overbooked' }).first('id'));
}
