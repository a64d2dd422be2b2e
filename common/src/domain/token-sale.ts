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

const RATE = /^(?:0|[1-9]\d{0,9})(?:\.\d{1,4})?$/;

/** The rate as an integer number of 1/10,000 tokens per dollar ("12.5" → 125000n); null when it is not a valid rate. */
function rateUnits(rate: string): bigint | null {
  if (!RATE.test(rate)) return null;
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
