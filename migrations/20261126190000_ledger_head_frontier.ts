import type { Knex } from 'knex';

/**
 * The log head keeps the frontier of the tree it describes (the roots of its complete subtrees, largest first) beside
 * its size: an append reads it with the head's lock, in the same statement, instead of reading the nodes after the
 * lock (a statement of its own, held under the lock: the one place appends queue behind each other).
 * `frontier_size` says which size the frontier is of; an append that finds it differ from `size` reads the nodes.
 * Rows recorded before the log existed join it in 20261129000100_ledger_log_queue (appendToLog's queue changed there).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_log_head ADD COLUMN frontier bytea[], ADD COLUMN frontier_size bigint');
  await knex.raw(`
    UPDATE ledger_log_head h SET frontier_size = h.size, frontier = coalesce((
      SELECT array_agg(t.hash ORDER BY l.level DESC) FROM generate_series(0, 62) AS l(level)
      JOIN ledger_tree t ON t.level = l.level AND t.idx = (h.size >> l.level) - 1 WHERE (h.size >> l.level) & 1 = 1), '{}')
    WHERE h.id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_log_head DROP COLUMN frontier, DROP COLUMN frontier_size');
}
