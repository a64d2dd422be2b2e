import type { Knex } from 'knex';
import { appendToLog } from '../common/src/server/tlog.repository';

/**
 * The log head keeps the frontier of the tree it describes (the roots of its complete subtrees, largest first) beside
 * its size: an append reads it with the head's lock, in the same statement, instead of reading the nodes after the
 * lock (a statement of its own, held under the lock: the one place appends queue behind each other).
 * `frontier_size` says which size the frontier is of; an append that finds it differ from `size` reads the nodes.
 * Rows recorded before the log existed join it here (the log's own migration ran before the head had a frontier).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_log_head ADD COLUMN frontier bytea[], ADD COLUMN frontier_size bigint');
  await knex.raw(`
    UPDATE ledger_log_head h SET frontier_size = h.size, frontier = coalesce((
      SELECT array_agg(t.hash ORDER BY l.level DESC) FROM generate_series(0, 62) AS l(level)
      JOIN ledger_tree t ON t.level = l.level AND t.idx = (h.size >> l.level) - 1 WHERE (h.size >> l.level) & 1 = 1), '{}')
    WHERE h.id`);
  await knex.raw('INSERT INTO ledger_log_pending (purchase_id) SELECT t.id FROM token_purchases t WHERE NOT EXISTS (SELECT 1 FROM ledger_log l WHERE l.purchase_id = t.id) ORDER BY t.id');
  await appendToLog(knex as Knex.Transaction); // knex runs each migration in a transaction of its own
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_log_head DROP COLUMN frontier, DROP COLUMN frontier_size');
}
