import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { PaymentKind } from '../../domain/payments';

/** The local charge's payment intent, derived from the session id (a paid local session has one charge). */
export const localIntentOf = (sessionId: string) => `pi_local_${sessionId.replace(/^cs_test_local_/, '')}`;

/** A charge of the local TEST MODE checkout in Stripe's shape, as its charge.refunded event carries it. */
export interface LocalCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  metadata: { kind: string; row_id: string };
}

/**
 * Refunds `amountCents` more of a paid local TEST MODE session (the API's local provider and the worker's automatic
 * seat refund both use it) and answers the charge as Stripe's charge.refunded would carry it. Throws (400) when the
 * amount exceeds what is left; undefined when the payment has no local session (Stripe is configured).
 */
export async function refundLocalSession(db: Knex, p: { kind: PaymentKind; rowId: string; amountCents: number }): Promise<LocalCharge | undefined> {
  const exists = await db('local_checkout_sessions').where({ kind: p.kind, row_id: p.rowId }).first('id');
  if (!exists) return undefined;
  const [row] = (await db('local_checkout_sessions')
    .where({ kind: p.kind, row_id: p.rowId, payment_status: 'paid' })
    .where(db.raw('refunded_cents + ? <= amount_cents', [p.amountCents]))
    .increment('refunded_cents', p.amountCents)
    .returning('*')) as Array<{ id: string; kind: string; row_id: string; amount_cents: string; refunded_cents: string }>;
  if (!row) throw Object.assign(new Error('Refund amount is greater than the unrefunded amount'), { statusCode: 400 });
  return {
    id: `ch_local_${row.id.replace(/^cs_test_local_/, '')}`,
    object: 'charge',
    amount: Number(row.amount_cents),
    amount_refunded: Number(row.refunded_cents),
    refunded: row.refunded_cents === row.amount_cents,
    payment_intent: localIntentOf(row.id),
    metadata: { kind: row.kind, row_id: row.row_id },
  };
}

/** A Stripe-shaped event of the local provider. */
export function localEvent(type: string, object: object) {
  return { id: `evt_local_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
}
