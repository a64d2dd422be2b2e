import { tokensForDollars } from './payments';

/**
 * The pitch deck's pure rules (spec §5 "Pitch-deck calculator", §9): non-numeric input counts as 0, and the tokens
 * are the token sale's (domain/payments.ts): the same count the investment portal and the donation dialog show.
 */

/** The input as a number (NaN when blank or not a number). */
function rawAmount(input: string): number {
  const trimmed = input.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The calculator's amount: the input as a number, or 0 when it is blank, not a number, not finite or negative (no one buys minus tokens). */
export function parseCalculatorAmount(input: string): number {
  const n = rawAmount(input);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** What the calculator says under a negative amount (null otherwise). */
export function calculatorNote(input: string): string | null {
  return rawAmount(input) < 0 ? 'Enter an amount above $0: a negative amount buys no tokens.' : null;
}

/** Tokens for `input` dollars on the pitch deck at the sale's `rate` (tokens per dollar), counted in whole cents as payments are. */
export function pitchTokens(input: string, rate: string): number {
  return tokensForDollars(rate, parseCalculatorAmount(input));
}

/**
 * A whole number of tokens with comma thousands separators, exactly as `toLocaleString('en-US')` writes it, without
 * Intl for safe integers: the first Intl number format in a page builds ICU's formatter, ~30 ms of CPU in one piece,
 * and the pitch deck's calculator did that in the middle of hydration (Lighthouse's TBT; docs/decisions/0002-public-ledger-page-weight.md).
 */
export function formatTokens(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

/** Fund use (spec §9): three slices that add up to 100 %. */
export const FUND_ALLOCATION = [
  { label: 'Technology and Development', percentage: 50 },
  { label: 'Curriculum Development', percentage: 30 },
  { label: 'Operational Costs', percentage: 20 },
] as const;

/** The chart tooltip's text (spec §9): 'label: value%'. */
export function fundTooltip(label: string, value: number): string {
  return `${label}: ${value}%`;
}
