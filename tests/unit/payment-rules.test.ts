import { describe, expect, it } from 'vitest';
import { chargeLeavesAsIs, isRefundable, PAYMENT_STATUSES, refundableCents, tokensBought } from '@app/common/domain/payments';

describe('payment rules', () => {
  it('refunds only money that arrived and is still with us', () => {
    const p = (status: (typeof PAYMENT_STATUSES)[number], refunded = 0) => ({ status, amount_cents: 10_000, refunded_cents: refunded });
    expect(refundableCents(p('paid'))).toBe(10_000);
    expect(refundableCents(p('partially_refunded', 2_500))).toBe(7_500);
    expect(isRefundable(p('partially_refunded', 10_000))).toBe(false);
    for (const status of PAYMENT_STATUSES.filter((s) => s !== 'paid' && s !== 'partially_refunded')) {
      expect(isRefundable(p(status)), status).toBe(false);
      expect(refundableCents(p(status)), status).toBe(0);
    }
  });

  it('leaves a payment as it is only when its money arrived and the charge took nothing back', () => {
    expect(chargeLeavesAsIs('paid', 10_000, 0, null)).toBe(true);
    expect(chargeLeavesAsIs('paid', 10_000, 0, 'won')).toBe(true);
    expect(chargeLeavesAsIs('paid', 10_000, 1, null)).toBe(false);
    expect(chargeLeavesAsIs('paid', 10_000, 0, 'open')).toBe(false);
    expect(chargeLeavesAsIs('paid', 10_000, 0, 'lost')).toBe(false);
    expect(chargeLeavesAsIs('partially_refunded', 10_000, 2_500, null)).toBe(false);
    expect(chargeLeavesAsIs('refunded', 10_000, 10_000, null)).toBe(false);
    for (const status of ['pending', 'failed', 'expired'] as const) expect(chargeLeavesAsIs(status, 10_000, 0, null), status).toBe(false);
  });

  it('gives tokens to investments and to donations that asked for them, nothing else', () => {
    expect(tokensBought('investment', 10_000, { adx_tokens: '1000.00000000' })).toBe('1000.00000000');
    expect(tokensBought('donation', 2_500, { wants_adx_tokens: true })).toBe('2500.00000000');
    expect(tokensBought('donation', 2_500, { wants_adx_tokens: false })).toBeNull();
    expect(tokensBought('program', 249_700, { wants_adx_tokens: true })).toBeNull();
    expect(tokensBought('sponsorship', 249_700, {})).toBeNull();
  });
});
