import { donationTokens } from './money';

/** What a payment pays for: a donation, an incubator enrollment, a student sponsorship or a token purchase. */
export const PAYMENT_KINDS = ['donation', 'program', 'sponsorship', 'investment'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Where a payment stands. The state machine (docs/payments.md draws it):
 *
 *   pending ──checkout──▶ paid | failed | expired      (failed/expired only replace pending)
 *   paid ⇄ partially_refunded ▶ refunded               (by the provider's cumulative refunded amount)
 *   paid-family ──dispute opened──▶ disputed ──won──▶ back to what refunds say ──lost──▶ refunded
 *
 * The status is not a log of transitions but a function of the facts the provider told us (checkout
 * outcome, largest refunded amount, dispute state: see settledStatus), so events may arrive in any
 * order and any number of times.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses of a payment whose money arrived at some point: checkout events no longer change them. */
export const MONEY_RECEIVED_STATUSES: readonly PaymentStatus[] = ['paid', 'refunded', 'partially_refunded', 'disputed'];

/** Where a dispute of a charge stands (null: never disputed). */
export type DisputeStatus = 'open' | 'won' | 'lost' | null;

/** The status of a paid payment given what the provider said about its money since. */
export function settledStatus(amountCents: number, refundedCents: number, dispute: DisputeStatus): PaymentStatus {
  if (dispute === 'open') return 'disputed';
  if (dispute === 'lost' || refundedCents >= amountCents) return 'refunded';
  return refundedCents > 0 ? 'partially_refunded' : 'paid';
}

/** Cents of a paid payment the ledger must show reversed: a lost dispute takes it all back. */
export function reversedCents(amountCents: number, refundedCents: number, dispute: DisputeStatus): number {
  return dispute === 'lost' ? amountCents : Math.min(refundedCents, amountCents);
}

/** Statuses a refund can start from: the money arrived and some of it is still with us. */
const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded'];

/** Cents of a payment an admin can still send back through the provider (0: none). */
export function refundableCents(p: { status: PaymentStatus; amount_cents: number; refunded_cents: number }): number {
  return REFUNDABLE_STATUSES.includes(p.status) ? Math.max(0, p.amount_cents - p.refunded_cents) : 0;
}

/** Whether a refund can be asked for: the admin page's Refund button and the refund route decide with this. */
export function isRefundable(p: { status: PaymentStatus; amount_cents: number; refunded_cents: number }): boolean {
  return refundableCents(p) > 0;
}

/**
 * The ADX tokens a payment buys once paid (null: none, so it makes no ledger row): the tokens stored with an
 * investment, or with a donation whose payer asked for them (both at the sale's rate when the payment was made:
 * domain/token-sale.ts); a donation row stored without them, from before, as many as its cents. Anything else none.
 */
export function tokensBought(kind: PaymentKind, amountCents: number, row: { adx_tokens?: string | null; wants_adx_tokens?: boolean | null }): string | null {
  if (kind === 'investment') return row.adx_tokens ?? null;
  return kind === 'donation' && row.wants_adx_tokens ? (row.adx_tokens ?? donationTokens(amountCents)) : null;
}

/** Status labels for people (admin pages). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
};
