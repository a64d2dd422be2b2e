import type { Knex } from 'knex';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger.repository';

/**
 * Demo ledger: 36 purchases by 30 investors over 2025, deterministic so that seeding twice changes
 * nothing (each row has a unique seed payment reference).
 */
export function demoLedgerRows(): NewLedgerRow[] {
  const rows: NewLedgerRow[] = [];
  const amounts = [100, 250, 500, 1000, 1500, 2500, 5000, 7500, 10000, 25000, 100, 300];
  for (let i = 1; i <= 36; i++) {
    const investor = ((i - 1) % 30) + 1; // investors 1-6 buy twice
    const dollars = amounts[i % amounts.length] ?? 100;
    const month = ((i * 7) % 12) + 1;
    const day = ((i * 11) % 28) + 1;
    const viaDonation = i % 9 === 0;
    rows.push({
      investor_id: `ADX${String(investor).padStart(4, '0')}`,
      purchase_date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      investment_amount_usd: `${dollars}.00`,
      // Portal purchases give 10 ADX per dollar; donations give one token per cent (the spec's two rules).
      tokens_to_be_distributed: viaDonation ? `${dollars * 100}.00000000` : `${dollars * 10}.00000000`,
      source: 'seed',
      payment_reference: `seed:${i}`,
    });
  }
  return rows;
}

/** Inserts the demo data; idempotent. Returns how many rows were new. */
export async function seedDemo(db: Knex): Promise<{ ledgerRows: number }> {
  const ledgerRows = await appendLedgerRows(db, demoLedgerRows());
  // Keep generated investor codes (ADX0031 on) clear of the seeded ones.
  await db.raw(`SELECT setval('investor_code_seq', greatest((SELECT last_value FROM investor_code_seq), 30))`);
  return { ledgerRows };
}
