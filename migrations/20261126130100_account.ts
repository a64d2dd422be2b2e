import type { Knex } from 'knex';

const PAYMENT_TABLES = ['donations', 'program_payments', 'investments'] as const;

/**
 * A home for the people who pay (docs/account.md). Every payment keeps the address its receipt goes to (donations and
 * investments now too), and enrolments and sponsorships the member who made them, so /account lists a member's
 * payments by user and the mailed receipts page lists a donor's by address, each newest first from one index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('donations', (t) => t.text('payer_email'));
  await knex.schema.alterTable('investments', (t) => t.text('payer_email'));
  await knex.schema.alterTable('program_payments', (t) => t.uuid('user_id').references('users.id').onDelete('SET NULL'));
  // Payments made before: a member's address is the one their receipts went to.
  for (const table of ['donations', 'investments']) {
    await knex.raw(`UPDATE ${table} p SET payer_email = lower(u.email) FROM users u WHERE u.id = p.user_id AND p.payer_email IS NULL AND u.email IS NOT NULL`);
  }
  for (const table of PAYMENT_TABLES) {
    await knex.raw(`CREATE INDEX ${table}_account_idx ON ${table} (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL`);
    await knex.raw(`CREATE INDEX ${table}_payer_email_idx ON ${table} (lower(payer_email), created_at DESC, id DESC) WHERE payer_email IS NOT NULL`);
  }
  // Payments made signed out that a member may claim: the account page counts them on every load.
  for (const table of ['donations', 'program_payments']) {
    await knex.raw(`CREATE INDEX ${table}_unclaimed_idx ON ${table} (lower(payer_email)) WHERE user_id IS NULL AND payer_email IS NOT NULL`);
  }
  // What receipts print: the organisation's name and address and, only where it applies, a tax note. Unset: the
  // receipt shows the product name and no address or note.
  await knex.raw(`UPDATE site_settings SET settings = jsonb_build_object('organisationName', 'ADX Trust') || settings WHERE id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE site_settings SET settings = settings - 'organisationName' - 'organisationAddress' - 'receiptTaxNote' WHERE id`);
  for (const table of ['donations', 'program_payments']) await knex.raw(`DROP INDEX ${table}_unclaimed_idx`);
  for (const table of PAYMENT_TABLES) {
    await knex.raw(`DROP INDEX ${table}_account_idx`);
    await knex.raw(`DROP INDEX ${table}_payer_email_idx`);
  }
  await knex.schema.alterTable('program_payments', (t) => t.dropColumn('user_id'));
  await knex.schema.alterTable('investments', (t) => t.dropColumn('payer_email'));
  await knex.schema.alterTable('donations', (t) => t.dropColumn('payer_email'));
}
