import type { Knex } from 'knex';

/** Stores the subscription checkout a pending monthly gift was sent to. */
export async function attachMonthlyCheckout(db: Knex, id: string, sessionId: string): Promise<void> {
  await db('donation_subscriptions').where({ id }).update({ checkout_session_id: sessionId, updated_at: db.fn.now() });
}

/** A member's running monthly gifts (active or past due), newest first, with the months paid so far. */
export async function listMonthlyGifts(db: Knex, userId: string): Promise<Array<{ id: string; amount_cents: number; status: 'active' | 'past_due'; started_at: string; months_paid: number }>> {
  const rows = (await db('donation_subscriptions as s')
    .where('s.user_id', userId)
    .whereIn('s.status', ['active', 'past_due'])
    .orderBy('s.created_at', 'desc')
    .limit(50)
    .select('s.id', 's.amount_cents', 's.status', 's.created_at', db.raw("(SELECT count(*) FROM donations d WHERE d.subscription_id = s.id AND d.status = 'paid')::int AS months_paid"))) as Array<{
    id: string;
    amount_cents: string;
    status: 'active' | 'past_due';
    created_at: Date;
    months_paid: number;
  }>;
  return rows.map((r) => ({ id: r.id, amount_cents: Number(r.amount_cents), status: r.status, started_at: r.created_at.toISOString(), months_paid: r.months_paid }));
}
