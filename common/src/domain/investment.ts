import { INVESTMENT } from './money';

/** What the investment portal shows for the amount typed so far. */
export interface InvestmentInput {
  /** Dollars (blank or non-numeric = 0, as the spec says). */
  amount: number;
  /** Tokens received: dollars × 10. */
  tokens: number;
  /** A hard error under the field. */
  error: string | null;
  /** A softer inline warning. */
  warning: string | null;
  /** Within $100 .. $1,000,000. */
  inRange: boolean;
}

/** The portal's reading of the amount field, with the spec's messages. */
export function readInvestmentInput(text: string): InvestmentInput {
  const parsed = Number(text.trim() === '' ? 0 : text);
  const amount = Number.isFinite(parsed) ? parsed : 0;
  let error: string | null = null;
  let warning: string | null = null;
  if (amount < 0) error = 'Investment amount cannot be negative';
  else if (amount > INVESTMENT.maxDollars) {
    error = 'Investment amount cannot exceed $1,000,000';
    warning = 'Maximum investment amount is $1,000,000';
  } else if (amount > 0 && amount < INVESTMENT.minDollars) warning = 'Minimum investment amount is $100';
  const inRange = amount >= INVESTMENT.minDollars && amount <= INVESTMENT.maxDollars;
  return { amount, tokens: Math.max(0, amount) * INVESTMENT.tokensPerDollar, error, warning, inRange };
}

/** The first reason, in the spec's order, that stops a submit (null when it may go ahead). */
export function investmentSubmitProblem(input: { signedIn: boolean; acknowledged: boolean; amount: number }): string | null {
  if (!input.signedIn) return 'Please sign in to make an investment.';
  if (!input.acknowledged) return 'Please acknowledge the risk disclosures before proceeding.';
  if (input.amount < INVESTMENT.minDollars) return 'Minimum investment amount is $100.';
  if (input.amount > INVESTMENT.maxDollars) return 'Maximum investment amount is $1,000,000.';
  return null;
}
