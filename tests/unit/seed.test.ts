import { describe, expect, it } from 'vitest';
import { demoLedgerRows } from '../../scripts/lib/seed';

describe('demo ledger', () => {
  it('has a few dozen valid rows with unique references', () => {
    const rows = demoLedgerRows();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((r) => r.payment_reference)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.investor_id).toMatch(/^ADX\d{4}$/);
      expect(r.purchase_date).toMatch(/^2025-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(`${r.purchase_date}T00:00:00Z`).getTime())).toBe(false);
      expect(r.investment_amount_usd).toMatch(/^\d+\.\d{2}$/);
      expect(r.tokens_to_be_distributed).toMatch(/^\d+\.\d{8}$/);
    }
  });
});
