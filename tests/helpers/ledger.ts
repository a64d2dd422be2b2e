import { expect } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import type { TestApp } from './app';
import { eventually } from './worker';

/** Appends ledger rows and waits until the app's ledger cache has heard the change notice for them. */
export async function appendAndHear(t: TestApp, rows: NewLedgerRow[]): Promise<void> {
  const seen = t.app.ledgerCache.generation;
  await appendLedgerRows(t.database.db, rows);
  await eventually(async () => t.app.ledgerCache.generation > seen, 5_000, 'change notice');
}

/** Row `i` of the ledger API tests: investor ADX<i>, a January 2025 date, i.25 USD and i.12345678 tokens. */
export function ledgerRow(i: number, over: Partial<NewLedgerRow> = {}): NewLedgerRow {
  return {
    investor_id: `ADX${String(i).padStart(4, '0')}`,
    purchase_date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    investment_amount_usd: `${i}.25`,
    tokens_to_be_distributed: `${i}.12345678`,
    source: 'admin',
    ...over,
  };
}

/** GET `url` from the test app: the status, the JSON body and the headers. */
export async function getJson(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

/**
 * The ledger of the API tests' 'with rows': ADX0001 to ADX0120, and ADX0007 again with the largest amounts (121 records
 * by 120 investors), appended and heard by the app's ledger cache.
 */
export async function appendWithRows(t: TestApp): Promise<void> {
  const rows = Array.from({ length: 120 }, (_, k) => ledgerRow(k + 1));
  rows.push(ledgerRow(7, { purchase_date: '2026-03-01', investment_amount_usd: '99999999999999.99', tokens_to_be_distributed: '12345678901234567890.12345678' }));
  const seen = t.app.ledgerCache.generation;
  expect(await appendLedgerRows(t.database.db, rows)).toBe(121);
  // The empty ledger's answers are cached until Postgres delivers the change notice (ledger-cache.test.ts).
  await eventually(async () => t.app.ledgerCache.generation > seen, 5_000, 'ledger change notice');
}
