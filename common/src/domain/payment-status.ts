/** What a payment pays for: a donation, an incubator enrollment, a student sponsorship or a token purchase. */
export const PAYMENT_KINDS = ['donation', 'program', 'sponsorship', 'investment'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Where a payment stands: pending until the provider says paid, failed or expired (paid is final). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
