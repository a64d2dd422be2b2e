import type { Knex } from 'knex';
import { auditLog, type LogAudit } from '@app/common/server/ledger/tlog-audit';
import { leafOfRow, LEAF_COLUMNS, rootAt } from '@app/common/server/ledger/tlog.repository';
import { rootOf, toHex, type Hash } from '@app/common/domain/tlog';

/** Every leaf of the log recomputed from the ledger rows, in log order (every row must have its entry). */
export async function logLeaves(db: Knex): Promise<Hash[]> {
  const { rows } = (await db.raw(
    `SELECT ${LEAF_COLUMNS} FROM ledger_log l JOIN token_purchases t ON t.id = l.purchase_id LEFT JOIN ledger_log r ON r.purchase_id = t.reverses_id ORDER BY l.log_index`,
  )) as { rows: Array<Parameters<typeof leafOfRow>[0]> };
  return rows.map((r) => leafOfRow(r));
}

/** The log as a test checks it against the ledger: purchase ids in log order, every row's id, the audit, both roots. */
export async function logState(db: Knex): Promise<{ logIds: string[]; rowIds: string[]; audit: LogAudit; storedRoot: string | null; recomputedRoot: string | null }> {
  const logIds = ((await db('ledger_log').orderBy('log_index').pluck('purchase_id')) as unknown[]).map(String);
  const rowIds = ((await db('token_purchases').orderBy('id').pluck('id')) as unknown[]).map(String);
  const audit = await auditLog(db);
  const leaves = await logLeaves(db);
  return { logIds, rowIds, audit, storedRoot: leaves.length ? toHex(await rootAt(db, leaves.length)) : null, recomputedRoot: leaves.length ? toHex(rootOf(leaves)) : null };
}
