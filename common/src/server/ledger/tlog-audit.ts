import type { Knex } from 'knex';
import { rootBuilder, sameHash, toHex } from '../../domain/tlog';
import { LEAF_COLUMNS, leafOfRow } from './tlog.repository';

/** What recomputing the log from the ledger rows found. */
export interface LogAudit {
  /** Rows in token_purchases, and leaves in the log. */
  rows: number;
  size: number;
  /** The first log index whose row no longer hashes to its stored leaf (or has no row, or no leaf); null when none. */
  firstMismatch: number | null;
  /** The root recomputed from the rows over the first `checkpointSize` leaves (null without a checkpoint). */
  checkpointSize: number | null;
  recomputedRoot: string | null;
  checkpointRoot: string | null;
}

/**
 * Rows per query. The worker runs the audit at start and every ten minutes, and its resident memory keeps the peak.
 * A page's rows live while it is read and hashed, long enough to be promoted to V8's old generation, where they
 * stay as garbage until a full collection: with a 50,000-row ledger, pages of 20,000 rows (and every leaf kept for
 * the root) left the idle worker ~45 MB larger than with an empty ledger, pages of 2,000 ~25 MB, pages of 500 ~12 MB
 * (at the cost of one indexed range query per 500 rows, ~100 for that ledger).
 */
const PAGE = 500;

/**
 * Recomputes every leaf from the ledger rows, in log order, inside one snapshot, and compares it with the stored
 * leaf; then the root of the latest checkpoint's size from the recomputed leaves with the signed root. Reads the
 * whole log (pages of PAGE rows, folding the leaves into the root as they come): for the watchdog and the tests,
 * never for serving.
 */
export async function auditLog(db: Knex): Promise<LogAudit> {
  return db.transaction(
    async (trx) => {
      const size = Number(((await trx('ledger_log_head').first('size')) as { size: string }).size);
      const rows = Number(((await trx('token_purchases').count({ n: '*' }).first()) as { n: string }).n);
      const checkpoint = (await trx('ledger_checkpoints').orderBy('tree_size', 'desc').first('tree_size', 'root_hash')) as { tree_size: string; root_hash: Buffer } | undefined;
      const checkpointSize = checkpoint ? Number(checkpoint.tree_size) : null;
      const root = rootBuilder();
      let folded = 0;
      let firstMismatch: number | null = null;
      for (let from = 0; from < size; from += PAGE) {
        const { rows: page } = (await trx.raw(
          `SELECT l.log_index, n.hash, ${LEAF_COLUMNS}
           FROM ledger_tree n LEFT JOIN ledger_log l ON l.log_index = n.idx LEFT JOIN token_purchases t ON t.id = l.purchase_id
           LEFT JOIN ledger_log r ON r.purchase_id = t.reverses_id
           WHERE n.level = 0 AND n.idx >= ? AND n.idx < ? ORDER BY n.idx`,
          [from, Math.min(size, from + PAGE)],
        )) as { rows: Array<Parameters<typeof leafOfRow>[0] & { log_index: string | null; hash: Buffer; id: string | null }> };
        page.forEach((row, i) => {
          const leaf = row.id === null ? null : leafOfRow(row);
          if (firstMismatch === null && (leaf === null || !sameHash(leaf, row.hash))) firstMismatch = from + i;
          if (checkpointSize !== null && folded < checkpointSize) {
            root.add(leaf ?? new Uint8Array(row.hash));
            folded++;
          }
        });
        if (page.length !== Math.min(size, from + PAGE) - from && firstMismatch === null) firstMismatch = from + page.length;
      }
      if (firstMismatch === null && rows !== size) firstMismatch = Math.min(rows, size);
      return {
        rows,
        size,
        firstMismatch,
        checkpointSize,
        recomputedRoot: checkpointSize === null ? null : toHex(root.root()),
        checkpointRoot: checkpoint ? toHex(checkpoint.root_hash) : null,
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** An unresolved watchdog alarm (the admin banner shows it). */
export interface LogAlarm {
  id: string;
  firstBadIndex: number;
  checkpointSize: number;
  detail: string;
  raisedAt: string;
}

/** Records a mismatch, once per first differing index while it is unresolved; returns the open alarm. */
export async function raiseLogAlarm(db: Knex, a: { firstBadIndex: number; checkpointSize: number; detail: string }): Promise<void> {
  await db.raw(
    `INSERT INTO ledger_log_alarms (first_bad_index, checkpoint_size, detail)
     SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM ledger_log_alarms WHERE resolved_at IS NULL AND first_bad_index = ?)`,
    [a.firstBadIndex, a.checkpointSize, a.detail, a.firstBadIndex],
  );
}

/** The unresolved alarms, oldest first. */
export async function openLogAlarms(db: Knex): Promise<LogAlarm[]> {
  const rows = (await db('ledger_log_alarms').whereNull('resolved_at').orderBy('id')) as Array<{ id: string; first_bad_index: string; checkpoint_size: string; detail: string; raised_at: Date }>;
  return rows.map((r) => ({ id: String(r.id), firstBadIndex: Number(r.first_bad_index), checkpointSize: Number(r.checkpoint_size), detail: r.detail, raisedAt: r.raised_at.toISOString() }));
}
