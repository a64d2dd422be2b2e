// The rules of payments, for the web app and the server alike: amounts (cents and dollars, the donation and
// investment limits, investor codes), the token sale's price (what a payment buys), and the statuses a payment moves
// through (refunds and disputes included).

/** Donations: at least $1.00. */
export const MIN_DONATION_CENTS = 100;
/** The donation dialog's quick amounts, in dollars. */
export const DONATION_QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
/**
 * What no token sale can change: an investment is at most $1,000,000; the portal's field starts at $1,000 (within the
 * sale's range). The price, minimum, maximum and step are the token sale's (below), set by admins.
 */
export const INVESTMENT = { maxDollars: 1_000_000, defaultDollars: 1000 } as const;

/** Cents as an exact dollars string: 249700 → "2497.00". */
export function centsToDollars(cents: number | bigint): string {
  const c = BigInt(cents);
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** ADX tokens of a donation stored before the rate was kept on it: the cents amount, as the spec stated then. */
export function donationTokens(cents: number): string {
  return `${cents}.00000000`;
}

/** Parses a dollars amount typed by a person ("25", "25.5", "1,000.00") into whole cents, or null. */
export function dollarsToCents(input: string | number): number | null {
  const text = String(input).trim().replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The stable public investor code for a sequence number: ADX0001, ADX0042, ADX12345. */
export function investorCode(seq: number): string {
  return `ADX${String(seq).padStart(4, '0')}`;
}

/**
 * The ADX token sale: one price for every page and payment. Admins set it (`token_sale` row); the pitch-deck
 * calculator, the investment portal, the donation dialog's token opt-in, the success pages and the mails all read
 * these rules with that one configuration, and each payment and ledger row keeps the rate it was sold at.
 *
 * Donations follow the same rule as investments: a donor who asks for tokens gets the sale's tokens per dollar for
 * the donated amount (and only while the sale is open).
 */
export interface TokenSale {
  /** ADX tokens per US dollar, a decimal string with at most 4 decimals ("10", "12.5"). */
  tokensPerDollar: string;
  /** Smallest investment, in cents. */
  minCents: number;
  /** Largest investment, in cents. */
  maxCents: number;
  /** The portal's amount field steps by this many cents (its spinner); amounts in between are still accepted. */
  stepCents: number;
  /** Whether tokens can be bought (investments, and donations that ask for tokens). */
  open: boolean;
}

/** The sale before an admin changes it: what the investment portal charged until then ($1 = 10 ADX, $100 .. $1,000,000). */
export const DEFAULT_TOKEN_SALE: TokenSale = { tokensPerDollar: '10', minCents: 10_000, maxCents: 100_000_000, stepCents: 10_000, open: true };

/** What a closed sale says wherever tokens would be bought. */
export const SALE_CLOSED_MESSAGE = 'The ADX token sale is closed: no tokens can be bought right now.';

/** A positive decimal with at most 4 decimals and 10 whole digits ("10", "12.5", "0.25"; not "0" or "0.0000"). */
export const TOKEN_RATE_PATTERN = /^(?:[1-9]\d{0,9}(?:\.\d{1,4})?|0\.(?=\d*[1-9])\d{1,4})$/;

/** The rate as an integer number of 1/10,000 tokens per dollar ("12.5" → 125000n); null when it is not a valid rate. */
function rateUnits(rate: string): bigint | null {
  if (!TOKEN_RATE_PATTERN.test(rate)) return null;
  const [whole = '0', frac = ''] = rate.split('.');
  const units = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0'));
  return units > 0n ? units : null;
}

/** Whether `rate` can be a sale's tokens per dollar: a positive decimal with at most 4 decimals. */
export function isTokenRate(rate: string): boolean {
  return rateUnits(rate) !== null;
}

/**
 * ADX tokens bought by `cents` at `rate` tokens per dollar, exact to 8 decimals ("10000.00000000"):
 * cents × rate-units (1/10,000 token per dollar) is the amount in 1/1,000,000 tokens, times 100 is 1e-8 tokens.
 */
export function tokensForCents(rate: string, cents: number): string {
  const units = rateUnits(rate);
  if (units === null) throw new Error(`not a token rate: ${rate}`);
  const e8 = BigInt(Math.round(cents)) * units * 100n;
  const sign = e8 < 0n ? '-' : '';
  const abs = e8 < 0n ? -e8 : e8;
  return `${sign}${abs / 100_000_000n}.${String(abs % 100_000_000n).padStart(8, '0')}`;
}

/** Tokens for a dollar amount as a number for display (a page's calculator); the stored figure is tokensForCents. */
export function tokensForDollars(rate: string, dollars: number): number {
  if (!Number.isFinite(dollars) || dollars <= 0) return 0;
  return Number(tokensForCents(rate, Math.round(dollars * 100)));
}

/** "$1,000": whole dollars of a cents figure, for the sale's messages. */
export function dollarsLabel(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** Why an investment of `cents` cannot be bought now (null: it can). */
export function purchaseProblem(sale: TokenSale, cents: number): string | null {
  if (!sale.open) return SALE_CLOSED_MESSAGE;
  if (cents < 0) return 'Investment amount cannot be negative';
  if (cents < sale.minCents) return `Minimum investment amount is ${dollarsLabel(sale.minCents)}.`;
  if (cents > sale.maxCents) return `Maximum investment amount is ${dollarsLabel(sale.maxCents)}.`;
  return null;
}

/** Why a sale configuration cannot be saved, by field (empty: it can). */
export function saleConfigProblems(sale: TokenSale): Partial<Record<keyof TokenSale, string>> {
  const out: Partial<Record<keyof TokenSale, string>> = {};
  if (!isTokenRate(sale.tokensPerDollar)) out.tokensPerDollar = 'Tokens per dollar must be a positive number with at most 4 decimals';
  if (!Number.isInteger(sale.minCents) || sale.minCents < 100) out.minCents = 'The minimum must be at least $1';
  if (!Number.isInteger(sale.maxCents) || sale.maxCents > 100_000_000) out.maxCents = 'The maximum can be at most $1,000,000';
  else if (sale.maxCents < sale.minCents) out.maxCents = 'The maximum must not be below the minimum';
  if (!Number.isInteger(sale.stepCents) || sale.stepCents < 1) out.stepCents = 'The step must be at least $0.01';
  else if (sale.maxCents > sale.minCents && sale.stepCents > sale.maxCents - sale.minCents) out.stepCents = 'The step must not exceed the range between minimum and maximum';
  return out;
}

/** The rate in a sentence: "10 ADX per dollar". */
export function rateLabel(rate: string): string {
  return `${Number(rate).toLocaleString('en-US', { maximumFractionDigits: 4 })} ADX per dollar`;
}

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

/** Whether what the provider said about a payment's money since leaves the payment as it is: its money arrived, its status stays and nothing of it is reversed. */
export function chargeLeavesAsIs(status: PaymentStatus, amountCents: number, refundedCents: number, dispute: DisputeStatus): boolean {
  return MONEY_RECEIVED_STATUSES.includes(status) && settledStatus(amountCents, refundedCents, dispute) === status && reversedCents(amountCents, refundedCents, dispute) === 0;
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
 * the token sale above); a donation row stored without them, from before, as many as its cents. Anything else none.
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
