import type { Knex } from 'knex';
import { SEAT_HOLD_MS, SEAT_SWEEP_GRACE_MS } from '../../domain/cohorts';

// The seats of a cohort. Every change of a reservation's status and the cohort's counters happen in one
// transaction, and the counters only move through conditional UPDATEs (Postgres re-checks their WHERE after
// waiting for the row), so concurrent Enroll calls on any number of API instances cannot take a 26th seat of 25.
// Locks are taken in one order everywhere: payment row, then reservation, then cohort.

/** What an Enroll call got: a held seat and its pending payment, or why not. */
export type SeatHold = { ok: true; paymentId: string; cohortId: string; expiresAt: Date; priceCents: number; number: number } | { ok: false; reason: 'full' | 'closed' };

/**
 * Holds one seat of `cohortId` for a new pending enrolment, if enrolment is open at `now` and a seat is free: the
 * counter, the payment row and the reservation in one transaction. The hold lasts SEAT_HOLD_MS (the checkout's life).
 */
export async function holdSeat(db: Knex, p: { cohortId: string; now: Date; description: (number: number) => string; payerEmail: string | null; userId?: string | null }): Promise<SeatHold> {
  return db.transaction(async (trx) => {
    const [cohort] = (await trx('cohorts')
      .where({ id: p.cohortId })
      .where('enrolment_opens_at', '<=', p.now)
      .where('enrolment_closes_at', '>', p.now)
      .where('starts_at', '>', p.now)
      .whereRaw('seats_taken + seats_held < seats')
      .update({ seats_held: trx.raw('seats_held + 1'), updated_at: trx.fn.now() })
      .returning(['id', 'price_cents', 'number'])) as Array<{ id: string; price_cents: string; number: number }>;
    if (!cohort) {
      const open = await trx('cohorts').where({ id: p.cohortId }).where('enrolment_opens_at', '<=', p.now).where('enrolment_closes_at', '>', p.now).where('starts_at', '>', p.now).first('id');
      return { ok: false, reason: open ? 'full' : 'closed' };
    }
    const priceCents = Number(cohort.price_cents);
    const [payment] = (await trx('program_payments')
      .insert({ kind: 'program', amount_cents: priceCents, description: p.description(cohort.number), payer_email: p.payerEmail, cohort_id: cohort.id, user_id: p.userId ?? null })
      .returning('id')) as Array<{ id: string }>;
    const expiresAt = new Date(p.now.getTime() + SEAT_HOLD_MS);
    await trx('seat_reservations').insert({ cohort_id: cohort.id, payment_id: payment!.id, status: 'held', expires_at: expiresAt });
    return { ok: true, paymentId: payment!.id, cohortId: cohort.id, expiresAt, priceCents, number: cohort.number };
  });
}

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
