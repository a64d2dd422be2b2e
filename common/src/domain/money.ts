/** Donations: at least $1.00. */
export const MIN_DONATION_CENTS = 100;
/** The donation dialog's quick amounts, in dollars. */
export const DONATION_QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
/**
 * What no token sale can change: an investment is at most $1,000,000; the portal's field starts at $1,000 (within the
 * sale's range). The price, minimum, maximum and step are the token sale's (domain/token-sale.ts), set by admins.
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
