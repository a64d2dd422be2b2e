import { UnrecoverableError } from 'bullmq';
import { ledgerSummary, recomputeLedgerSummary } from '@app/common/server/ledger.repository';
import type { Handler } from '../context';

/**
 * The public summary reads trigger-maintained totals (O(1)); this job recomputes them from every row
 * inside one snapshot and fails loudly on any drift, so a broken trigger cannot go unnoticed.
 */
export const ledgerVerifyTotals: Handler<'ledger.verify-totals'> = async (_payload, { db, log }) => {
  const [kept, recomputed] = await db.transaction(
    async (trx) => Promise.all([ledgerSummary(trx), recomputeLedgerSummary(trx)]),
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  const same =
    kept.totalInvestors === recomputed.totalInvestors &&
    kept.totalInvestmentUsd === recomputed.totalInvestmentUsd &&
    kept.totalTokens === recomputed.totalTokens;
  if (!same) {
    log.error({ kept, recomputed }, 'ledger totals drifted from the ledger rows');
    throw new UnrecoverableError(`ledger totals drifted: kept ${JSON.stringify(kept)}, recomputed ${JSON.stringify(recomputed)}`);
  }
  return recomputed;
};
