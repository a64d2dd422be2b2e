import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_SALE, isTokenRate, purchaseProblem, rateLabel, saleConfigProblems, SALE_CLOSED_MESSAGE, tokensForCents, tokensForDollars } from '@app/common/domain/payments';
import { ZTokenSale } from '@app/common/schemas/site';

describe('token sale rules', () => {
  it('computes tokens exactly to 8 decimals at any rate with up to 4 decimals', () => {
    expect(tokensForCents('10', 100_000)).toBe('10000.00000000');
    expect(tokensForCents('10', 10_001)).toBe('1000.10000000');
    expect(tokensForCents('100', 2_500)).toBe('2500.00000000');
    expect(tokensForCents('12.5', 1)).toBe('0.12500000');
    expect(tokensForCents('0.0001', 1)).toBe('0.00000100');
    expect(tokensForCents('9999999999.9999', 100_000_000)).toBe('9999999999999900.00000000');
    expect(() => tokensForCents('0', 100)).toThrow();
  });
  it('gives the same count for dollars on screen as for the cents stored', () => {
    expect(tokensForDollars('10', 100)).toBe(1000);
    expect(tokensForDollars('12.5', 100.25)).toBe(Number(tokensForCents('12.5', 10_025)));
    expect(tokensForDollars('10', -5)).toBe(0);
    expect(tokensForDollars('10', Number.NaN)).toBe(0);
  });
  it('accepts only positive rates with at most 4 decimals', () => {
    for (const ok of ['1', '10', '0.5', '12.3456']) expect(isTokenRate(ok)).toBe(true);
    for (const bad of ['0', '0.0000', '-1', '1.23456', '1e3', '', ' 1', '01']) expect(isTokenRate(bad)).toBe(false);
  });
  it('refuses a purchase outside the sale, or any while it is closed', () => {
    expect(purchaseProblem(DEFAULT_TOKEN_SALE, 10_000)).toBeNull();
    expect(purchaseProblem(DEFAULT_TOKEN_SALE, 5_000)).toBe('Minimum investment amount is $100.');
    expect(purchaseProblem(DEFAULT_TOKEN_SALE, 200_000_000)).toBe('Maximum investment amount is $1,000,000.');
    expect(purchaseProblem({ ...DEFAULT_TOKEN_SALE, minCents: 2_550 }, 100)).toBe('Minimum investment amount is $25.50.');
    expect(purchaseProblem({ ...DEFAULT_TOKEN_SALE, open: false }, 10_000)).toBe(SALE_CLOSED_MESSAGE);
  });
  it('validates a configuration field by field', () => {
    expect(saleConfigProblems(DEFAULT_TOKEN_SALE)).toEqual({});
    expect(saleConfigProblems({ ...DEFAULT_TOKEN_SALE, minCents: 50 })).toHaveProperty('minCents');
    expect(saleConfigProblems({ ...DEFAULT_TOKEN_SALE, maxCents: 5_000 })).toHaveProperty('maxCents', 'The maximum must not be below the minimum');
    expect(saleConfigProblems({ ...DEFAULT_TOKEN_SALE, stepCents: 0 })).toHaveProperty('stepCents');
    expect(saleConfigProblems({ ...DEFAULT_TOKEN_SALE, maxCents: 20_000, stepCents: 50_000 })).toHaveProperty('stepCents');
    const parsed = ZTokenSale.safeParse({ ...DEFAULT_TOKEN_SALE, tokensPerDollar: 'ten' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['tokensPerDollar']);
  });
  it('says the rate in words', () => {
    expect(rateLabel('10')).toBe('10 ADX per dollar');
    expect(rateLabel('1000')).toBe('1,000 ADX per dollar');
  });
});
