import { UnrecoverableError } from 'bullmq';
import { ledgerRecordCounts, ledgerSummary, recomputeLedgerSummary } from '@app/common/server/ledger/ledger-totals.repository';
import type { Handler } from '../context';

/**
 * The public summary reads trigger-maintained totals (O(1)); this job recomputes them from every row
 * inside one snapshot and fails loudly on any drift, so a broken trigger cannot go unnoticed.
 */
export const ledgerVerifyTotals: Handler<'ledger.verify-totals'> = async (_payload, { db, log }) => {
  const [kept, recomputed, records] = await db.transaction(
    // One after the other: a transaction is one connection, which runs one statement at a time anyway (pg deprecates
    // queueing a second on a busy client).
    async (trx) => [await ledgerSummary(trx), await recomputeLedgerSummary(trx), await ledgerRecordCounts(trx)] as const,
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  const same =
    records.kept === records.counted &&
    kept.totalInvestors === recomputed.totalInvestors &&
    kept.totalInvestmentUsd === recomputed.totalInvestmentUsd &&
    kept.totalTokens === recomputed.totalTokens;
  if (!same) {
    log.error({ kept, recomputed, records }, 'ledger totals drifted from the ledger rows');
    throw new UnrecoverableError(`ledger totals drifted: kept ${JSON.stringify({ ...kept, records: records.kept })}, recomputed ${JSON.stringify({ ...recomputed, records: records.counted })}`);
  }
  return recomputed;
};
