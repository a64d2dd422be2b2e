import { UnrecoverableError } from 'bullmq';
import { auditLog, raiseLogAlarm } from '@app/common/server/ledger/tlog-audit';
import type { Handler } from '../context';

/**
 * Recomputes the transparency log from the ledger rows (tlog-audit.ts) and compares it with the stored leaves and the
 * latest signed checkpoint. A row edited behind the append-only trigger no longer hashes to its leaf: the alarm (the
 * admin banner and the ledger_log_alarm_open metric) and this job's failure name the first such index.
 */
export const ledgerWatchdog: Handler<'ledger.watchdog'> = async (_payload, { db, log }) => {
  const audit = await auditLog(db);
  const rootDiffers = audit.checkpointRoot !== null && audit.recomputedRoot !== audit.checkpointRoot;
  if (audit.firstMismatch === null && !rootDiffers) return audit;
  // A root that differs with every leaf matching means the stored leaves were rewritten too: the signed checkpoint
  // says only that something below its size changed, so the alarm names index 0 (check the whole export).
  const first = audit.firstMismatch ?? 0;
  const detail =
    audit.firstMismatch !== null
      ? `the ledger row at log index ${first} no longer matches its leaf (rows ${audit.rows}, log size ${audit.size})`
      : `the leaves no longer add up to the root signed at tree size ${audit.checkpointSize}`;
  await raiseLogAlarm(db, { firstBadIndex: first, checkpointSize: audit.checkpointSize ?? 0, detail });
  log.error({ audit }, 'ledger transparency log mismatch');
  throw new UnrecoverableError(`ledger log mismatch at index ${first}: ${detail}`);
};
