import { describe, expect, it } from 'vitest';
import { investButtonLabel, investmentSubmitProblem, readInvestmentInput } from '@app/common/domain/investment';
import { centsToDollars, dollarsToCents, donationTokens, investorCode, tokensForCents } from '@app/common/domain/payments';

describe('money rules', () => {
  it('converts cents and dollars exactly', () => {
    expect(centsToDollars(249700)).toBe('2497.00');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(-150)).toBe('-1.50');
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents('25.5')).toBe(2550);
    expect(dollarsToCents('1,000.01')).toBe(100001);
    expect(dollarsToCents('0.001')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
  it('gives 10 tokens per dollar at the first sale price, and one per cent to a donation stored before rates were kept', () => {
    expect(tokensForCents('10', 100000)).toBe('10000.00000000');
    expect(tokensForCents('10', 10001)).toBe('1000.10000000');
    expect(donationTokens(2500)).toBe('2500.00000000');
  });
  it('formats investor codes', () => {
    expect(investorCode(1)).toBe('ADX0001');
    expect(investorCode(12345)).toBe('ADX12345');
  });
});

describe('investment portal input', () => {
  it('reads blank and non-numbers as 0', () => {
    expect(readInvestmentInput('')).toMatchObject({ amount: 0, tokens: 0, error: null, warning: null, inRange: false });
    expect(readInvestmentInput('abc').amount).toBe(0);
  });
  it('has the spec messages for 50, -5 and 2,000,000', () => {
    expect(readInvestmentInput('50')).toMatchObject({ warning: 'Minimum investment amount is $100', error: null, inRange: false });
    expect(readInvestmentInput('-5')).toMatchObject({ error: 'Investment amount cannot be negative', inRange: false });
    // One message, not the error and the warning on top of each other; no token figure for an amount that cannot be bought.
    expect(readInvestmentInput('2000000')).toMatchObject({ error: 'Investment amount cannot exceed $1,000,000', warning: null, tokens: null, inRange: false });
    expect(readInvestmentInput('1000')).toMatchObject({ tokens: 10000, inRange: true, error: null, warning: null });
  });
  it('refuses more than 2 decimals as the server does, before the submit', () => {
    expect(readInvestmentInput('100.005')).toMatchObject({ error: 'Investment amount can have at most 2 decimals', tokens: null, inRange: false });
    expect(readInvestmentInput('100.25')).toMatchObject({ error: null, tokens: 1002.5, inRange: true });
  });
  it('names an amount on the button only when there is one to invest', () => {
    expect(investButtonLabel(readInvestmentInput(''))).toBe('Securely Invest Now');
    expect(investButtonLabel(readInvestmentInput('2000000'))).toBe('Securely Invest Now');
    expect(investButtonLabel(readInvestmentInput('2500'))).toBe('Securely Invest $2,500 Now');
    expect(investButtonLabel(readInvestmentInput('100.5'))).toBe('Securely Invest $100.50 Now');
  });
  it('checks a submit in the spec order', () => {
    expect(investmentSubmitProblem({ signedIn: false, acknowledged: false, amount: 5 })).toBe('Please sign in to make an investment.');
    expect(investmentSubmitProblem({ signedIn: true, acknowledged: false, amount: 5 })).toBe('Please acknowledge the risk disclosures before proceeding.');
    expect(investmentSubmitProblem({ signedIn: true, acknowledged: true, amount: 5 })).toBe('Minimum investment amount is $100.');
    expect(investmentSubmitProblem({ signedIn: true, acknowledged: true, amount: 1e7 })).toBe('Maximum investment amount is $1,000,000.');
    expect(investmentSubmitProblem({ signedIn: true, acknowledged: true, amount: 100 })).toBeNull();
  });
});
