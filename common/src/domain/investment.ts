import { INVESTMENT } from './money';

/** What the investment portal shows for the amount typed so far. */
export interface InvestmentInput {
  /** Dollars (blank or non-numeric = 0, as the spec says). */
  amount: number;
  /** Tokens received: dollars × 10 (null when the amount cannot be bought: there is an error). */
  tokens: number | null;
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
  // Above the maximum only the error shows: the spec's warning says the same thing and overlapped it.
  if (amount < 0) error = 'Investment amount cannot be negative';
  else if (amount > INVESTMENT.maxDollars) error = 'Investment amount cannot exceed $1,000,000';
  // The server takes whole cents (ZCreateInvestment): say so here rather than fail after the submit.
  else if (/\.\d{3,}\s*$/.test(text)) error = 'Investment amount can have at most 2 decimals';
  else if (amount > 0 && amount < INVESTMENT.minDollars) warning = 'Minimum investment amount is $100';
  const inRange = error === null && amount >= INVESTMENT.minDollars && amount <= INVESTMENT.maxDollars;
  return { amount, tokens: error ? null : Math.max(0, amount) * INVESTMENT.tokensPerDollar, error, warning, inRange };
}

/** The submit button: 'Securely Invest $X Now' for an amount that can be invested, without a figure otherwise (never "$0"). */
export function investButtonLabel(input: InvestmentInput): string {
  if (!input.inRange) return 'Securely Invest Now';
  return `Securely Invest $${input.amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(input.amount) ? 0 : 2, maximumFractionDigits: 2 })} Now`;
}

/** The first reason, in the spec's order, that stops a submit (null when it may go ahead). */
export function investmentSubmitProblem(input: { signedIn: boolean; acknowledged: boolean; amount: number }): string | null {
  if (!input.signedIn) return 'Please sign in to make an investment.';
  if (!input.acknowledged) return 'Please acknowledge the risk disclosures before proceeding.';
  if (input.amount < INVESTMENT.minDollars) return 'Minimum investment amount is $100.';
  if (input.amount > INVESTMENT.maxDollars) return 'Maximum investment amount is $1,000,000.';
  return null;
}
