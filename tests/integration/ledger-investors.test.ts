// Total Investors counts distinct investor IDs: a repeat investor is one investor, a reversal row is none, and two
// first purchases by one new investor committed at the same moment count once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { ledgerSummary, recomputeLedgerSummary } from '@app/common/server/ledger/ledger-totals.repository';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const row = (investor: string, ref: string): NewLedgerRow => ({ investor_id: investor, purchase_date: '2026-02-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin', payment_reference: ref });

describe('Total Investors', () => {
  it('counts an investor who bought three times once', async () => {
    await appendLedgerRows(t.database.db, [row('ADX0100', 'r1'), row('ADX0100', 'r2'), row('ADX0101', 'r3')]);
    await appendLedgerRows(t.database.db, [row('adx0100', 'r4')]);
    const s = await ledgerSummary(t.database.db);
    expect(s.totalInvestors).toBe(2);
    expect(s).toEqual(await recomputeLedgerSummary(t.database.db));
  });

  it('counts one new investor once when two first purchases commit at the same time', async () => {
    const before = (await ledgerSummary(t.database.db)).totalInvestors;
    await Promise.all(Array.from({ length: 6 }, (_, i) => appendLedgerRows(t.database.db, [row('ADX0200', `c${i}`), row('ADX0201', `d${i}`)])));
    const s = await ledgerSummary(t.database.db);
    expect(s.totalInvestors).toBe(before + 2);
    expect(s).toEqual(await recomputeLedgerSummary(t.database.db));
  });
});
