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
