import type { Knex } from 'knex';

/**
 * The account page's two reads that visited every one of a member's payments: the investor IDs they paid under
 * and the years they paid in. Both become index-only scans of small partial indexes, so the page costs the same
 * for a member with ten payments or ten thousand.
 */
const YEAR = `(extract(year FROM paid_at AT TIME ZONE 'UTC')::int)`;
const TABLES = [
  { table: 'donations', status: 'status', investor: true },
  { table: 'investments', status: 'payment_status', investor: true },
  { table: 'program_payments', status: 'status', investor: false },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const t of TABLES) {
    if (t.investor) await knex.raw(`CREATE INDEX ${t.table}_user_investor_idx ON ${t.table} (user_id, investor_id) WHERE user_id IS NOT NULL AND investor_id IS NOT NULL`);
    await knex.raw(`CREATE INDEX ${t.table}_user_paid_year_idx ON ${t.table} (user_id, ${YEAR}) WHERE user_id IS NOT NULL AND paid_at IS NOT NULL AND ${t.status} NOT IN ('failed', 'expired')`);
    await knex.raw(`CREATE INDEX ${t.table}_payer_paid_year_idx ON ${t.table} (lower(payer_email), ${YEAR}) WHERE payer_email IS NOT NULL AND paid_at IS NOT NULL AND ${t.status} NOT IN ('failed', 'expired')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TABLES) {
    if (t.investor) await knex.raw(`DROP INDEX ${t.table}_user_investor_idx`);
    await knex.raw(`DROP INDEX ${t.table}_user_paid_year_idx`);
    await knex.raw(`DROP INDEX ${t.table}_payer_paid_year_idx`);
  }
}
