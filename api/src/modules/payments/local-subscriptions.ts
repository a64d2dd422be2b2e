import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MONTHLY_KIND } from '@app/common/server/payments/monthly';

// The TEST MODE provider's subscriptions: what Stripe Billing would do for a monthly gift (first invoice at checkout,
// one invoice per period after, a declining card, cancellation), with Stripe-shaped objects sent as signed events
// through our own webhook. Time is the app's clock, so tests renew a month in a moment.

export interface LocalSubscriptionRow {
  id: string;
  customer_id: string;
  checkout_session_id: string;
  row_id: string;
  amount_cents: string;
  email: string | null;
  status: 'active' | 'past_due' | 'canceled';
  invoices: number;
  decline_renewals: boolean;
  current_period_end: Date;
}

/** Delivers one Stripe-shaped event, signed, through our own webhook route. */
export type Deliver = (type: string, object: object) => Promise<void>;

/** One calendar month later (UTC), as Stripe's monthly interval counts. */
export function nextPeriod(d: Date): Date {
  const n = new Date(d);
  n.setUTCMonth(n.getUTCMonth() + 1);
  return n;
}

const localSubscriptionObject = (s: LocalSubscriptionRow) => ({
  id: s.id,
  object: 'subscription' as const,
  customer: s.customer_id,
  status: s.status,
  current_period_end: Math.floor(s.current_period_end.getTime() / 1000),
  metadata: { kind: MONTHLY_KIND, row_id: s.row_id },
});

/** The invoice of period `n` (1: the checkout's own), paid or declined. */
export function localInvoiceObject(s: LocalSubscriptionRow, n: number, paid: boolean) {
  const cents = Number(s.amount_cents);
  return {
    id: `in_local_${s.id.replace(/^sub_local_/, '')}_${n}`,
    object: 'invoice' as const,
    status: paid ? 'paid' : 'open',
    amount_due: cents,
    amount_paid: paid ? cents : 0,
    billing_reason: n === 1 ? 'subscription_create' : 'subscription_cycle',
    customer: s.customer_id,
    customer_email: s.email,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { kind: MONTHLY_KIND, row_id: s.row_id } } },
  };
}

export const findLocalSubscription = async (db: Knex, where: Partial<Pick<LocalSubscriptionRow, 'id' | 'customer_id' | 'checkout_session_id'>>) =>
  (await db('local_subscriptions').where(where).first()) as LocalSubscriptionRow | undefined;

/** The subscription a paid subscription checkout starts, with its first invoice paid (once per session). */
export async function startLocalSubscription(db: Knex, session: { id: string; row_id: string; amount_cents: string; email: string | null }, now: Date): Promise<LocalSubscriptionRow> {
  const existing = await findLocalSubscription(db, { checkout_session_id: session.id });
  if (existing) return existing;
  const tail = randomBytes(12).toString('hex');
  const [row] = (await db('local_subscriptions')
    .insert({ id: `sub_local_${tail}`, customer_id: `cus_local_${tail}`, checkout_session_id: session.id, row_id: session.row_id, amount_cents: session.amount_cents, email: session.email, invoices: 1, current_period_end: nextPeriod(now) })
    .returning('*')) as LocalSubscriptionRow[];
  return row!;
}

/** Bills one period of a running subscription: invoice.paid, or invoice.payment_failed (past due) while the card declines. */
async function billPeriod(db: Knex, deliver: Deliver, s: LocalSubscriptionRow): Promise<LocalSubscriptionRow> {
  const paid = !s.decline_renewals;
  const [next] = (await db('local_subscriptions')
    .where({ id: s.id })
    .update({ invoices: s.invoices + 1, status: paid ? 'active' : 'past_due', current_period_end: nextPeriod(s.current_period_end) })
    .returning('*')) as LocalSubscriptionRow[];
  await deliver(paid ? 'invoice.paid' : 'invoice.payment_failed', localInvoiceObject(next!, next!.invoices, paid));
  return next!;
}

/** Bills every period that ended by `now` (the clock), oldest first; returns how many invoices were sent. */
export async function renewDue(db: Knex, deliver: Deliver, now: Date): Promise<number> {
  let sent = 0;
  const due = (await db('local_subscriptions').whereIn('status', ['active', 'past_due']).where('current_period_end', '<=', now).orderBy('current_period_end')) as LocalSubscriptionRow[];
  for (let s of due) {
    while (s.status !== 'canceled' && s.current_period_end.getTime() <= now.getTime()) {
      s = await billPeriod(db, deliver, s);
      sent += 1;
    }
  }
  return sent;
}

/** Ends a subscription at once (the portal's Cancel) and says so: customer.subscription.deleted. */
export async function cancelLocalSubscription(db: Knex, deliver: Deliver, id: string): Promise<boolean> {
  const [row] = (await db('local_subscriptions').where({ id }).whereNot({ status: 'canceled' }).update({ status: 'canceled' }).returning('*')) as LocalSubscriptionRow[];
  if (row) await deliver('customer.subscription.deleted', localSubscriptionObject(row));
  return Boolean(row);
}

/** Makes the simulated card decline (or pay) the renewals from now on. */
export async function setLocalDecline(db: Knex, id: string, decline: boolean): Promise<void> {
  await db('local_subscriptions').where({ id }).update({ decline_renewals: decline });
}
