import { DEFAULT_TOKEN_SALE, dollarsLabel, tokensForDollars, type TokenSale } from './payments';

/** What the investment portal shows for the amount typed so far. */
export interface InvestmentInput {
  /** Dollars (blank or non-numeric = 0, as the spec says). */
  amount: number;
  /** Tokens received at the sale's rate (null when the amount cannot be bought: there is an error). */
  tokens: number | null;
  /** A hard error under the field. */
  error: string | null;
  /** A softer inline warning. */
  warning: string | null;
  /** Within the sale's minimum and maximum. */
  inRange: boolean;
}

/** The portal's reading of the amount field for `sale` (the server's token sale), with the spec's messages. */
export function readInvestmentInput(text: string, sale: TokenSale = DEFAULT_TOKEN_SALE): InvestmentInput {
  const min = sale.minCents / 100;
  const max = sale.maxCents / 100;
  const parsed = Number(text.trim() === '' ? 0 : text);
  const amount = Number.isFinite(parsed) ? parsed : 0;
  let error: string | null = null;
  let warning: string | null = null;
  // Above the maximum only the error shows: the spec's warning says the same thing and overlapped it.
  if (amount < 0) error = 'Investment amount cannot be negative';
  else if (amount > max) error = `Investment amount cannot exceed ${dollarsLabel(sale.maxCents)}`;
  // The server takes whole cents (ZCreateInvestment): say so here rather than fail after the submit.
  else if (/\.\d{3,}\s*$/.test(text)) error = 'Investment amount can have at most 2 decimals';
  else if (amount > 0 && amount < min) warning = `Minimum investment amount is ${dollarsLabel(sale.minCents)}`;
  const inRange = error === null && amount >= min && amount <= max;
  return { amount, tokens: error ? null : tokensForDollars(sale.tokensPerDollar, amount), error, warning, inRange };
}

/** The submit button: 'Securely Invest $X Now' for an amount that can be invested, without a figure otherwise (never "$0"). */
export function investButtonLabel(input: InvestmentInput): string {
  if (!input.inRange) return 'Securely Invest Now';
  return `Securely Invest $${input.amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(input.amount) ? 0 : 2, maximumFractionDigits: 2 })} Now`;
}

/** The first reason, in the spec's order, that stops a submit (null when it may go ahead). */
export function investmentSubmitProblem(input: { signedIn: boolean; acknowledged: boolean; amount: number }, sale: TokenSale = DEFAULT_TOKEN_SALE): string | null {
  if (!input.signedIn) return 'Please sign in to make an investment.';
  if (!input.acknowledged) return 'Please acknowledge the risk disclosures before proceeding.';
  if (input.amount < sale.minCents / 100) return `Minimum investment amount is ${dollarsLabel(sale.minCents)}.`;
  if (input.amount > sale.maxCents / 100) return `Maximum investment amount is ${dollarsLabel(sale.maxCents)}.`;
  return null;
}
