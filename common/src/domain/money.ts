/** Donations: at least $1.00. */
export const MIN_DONATION_CENTS = 100;
/** The donation dialog's quick amounts, in dollars. */
export const DONATION_QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
/** The investment portal: $100 .. $1,000,000, default $1,000, step $100. */
export const INVESTMENT = { minDollars: 100, maxDollars: 1_000_000, defaultDollars: 1000, stepDollars: 100, tokensPerDollar: 10 } as const;

/** Cents as an exact dollars string: 249700 → "2497.00". */
export function centsToDollars(cents: number | bigint): string {
  const c = BigInt(cents);
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** ADX tokens for an investment of `cents`: $1 = 10 tokens, exact to 8 decimals ("10000.00000000"). */
export function investmentTokens(cents: number): string {
  const tenths = BigInt(cents); // cents × 10 tokens/dollar ÷ 100 cents/dollar = cents / 10 tokens
  return `${tenths / 10n}.${String(tenths % 10n)}0000000`;
}

/** ADX tokens shown for a donation: the cents amount, as the spec states. */
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
