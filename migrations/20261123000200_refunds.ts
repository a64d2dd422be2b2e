import type { Knex } from 'knex';

const OLD_STATUSES = ['pending', 'paid', 'failed', 'expired'];
const NEW_STATUSES = [...OLD_STATUSES, 'refunded', 'partially_refunded', 'disputed'];
const STATUS_CHECKS = [
  ['donations', 'status', 'donations_status_check'],
  ['program_payments', 'status', 'program_payments_status_check'],
  ['investments', 'payment_status', 'investments_status_check'],
] as const;

function statusCheck(table: string, column: string, name: string, values: string[]): string {
  return `ALTER TABLE ${table} DROP CONSTRAINT ${name}, ADD CONSTRAINT ${name} CHECK (${column} IN (${values.map((v) => `'${v}'`).join(', ')}))`;
}

/**
 * Money that moves back (docs/decisions/0001-money-moves-back.md): refund and dispute facts per provider charge, the payment
 * statuses they lead to, and reversal rows on the append-only ledger.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, column, name] of STATUS_CHECKS) await knex.raw(statusCheck(table, column, name, NEW_STATUSES));

  // What the provider has said about the money of one charge, keyed by its payment intent: refund and
  // dispute events name the intent, not our row, and may arrive before the checkout event that links them.
  await knex.schema.createTable('payment_charges', (t) => {
    t.text('payment_intent').primary();
    t.text('kind');
    t.uuid('row_id');
    // Stripe's cumulative amount_refunded: the largest seen wins, so repeats and reordering change nothing.
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
    t.text('dispute_status').checkIn(['open', 'won', 'lost'], 'payment_charges_dispute_status_check');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['kind', 'row_id'], 'payment_charges_row_idx');
  });

  // Runs of the provider reconciliation job: the newest provider event seen is where the next run stops listing.
  await knex.schema.createTable('provider_reconciliations', (t) => {
    t.bigIncrements('id');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.text('last_event_id');
    t.integer('listed').notNullable().defaultTo(0);
    t.integer('missing').notNullable().defaultTo(0);
    t.text('error');
  });

  // Receipt codes a payer can match: on the success page, in the provider's receipt and on the bank line
  // (statement descriptor suffix). Not secret; 8 characters of an alphabet without look-alikes (0/O, 1/I).
  await knex.raw(`CREATE FUNCTION new_receipt_code() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1), '') FROM generate_series(1, 8)
  $$`);
  for (const [table] of STATUS_CHECKS) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN receipt_code text NOT NULL DEFAULT new_receipt_code() UNIQUE`);
  }

  // The local TEST MODE provider refunds too: how much of each local session was given back.
  await knex.schema.alterTable('local_checkout_sessions', (t) => {
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
  });

  // Payments recorded before this migration: their checkout events in the inbox name the payment intent
  // (Stripe), and a paid local session's intent is derived from its id (TEST MODE), so they can be refunded.
  await knex.raw(`INSERT INTO payment_charges (payment_intent, kind, row_id)
    SELECT DISTINCT ON (payload->'data'->'object'->>'payment_intent') payload->'data'->'object'->>'payment_intent',
           payload->'data'->'object'->'metadata'->>'kind', (payload->'data'->'object'->'metadata'->>'row_id')::uuid
    FROM stripe_events
    WHERE type IN ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
      AND payload->'data'->'object'->>'payment_intent' IS NOT NULL
      AND payload->'data'->'object'->'metadata'->>'kind' IN ('donation', 'program', 'sponsorship', 'investment')
      AND payload->'data'->'object'->'metadata'->>'row_id' ~ '^[0-9a-f-]{36}$'
    ON CONFLICT DO NOTHING`);
  await knex.raw(`INSERT INTO payment_charges (payment_intent, kind, row_id)
    SELECT 'pi_local_' || regexp_replace(id, '^cs_test_local_', ''), kind, row_id FROM local_checkout_sessions WHERE payment_status = 'paid'
    ON CONFLICT DO NOTHING`);

  await knex.raw(`ALTER TABLE token_purchases DROP CONSTRAINT token_purchases_source_check,
    ADD CONSTRAINT token_purchases_source_check CHECK (source IN ('admin', 'investment', 'donation', 'seed', 'reversal'))`);
  await knex.schema.alterTable('token_purchases', (t) => {
    t.bigInteger('reverses_id').references('token_purchases.id');
  });
  // A reversal is negative and names the purchase it reverses; every other row is a positive purchase.
  await knex.raw(`ALTER TABLE token_purchases ADD CONSTRAINT token_purchases_reversal_check CHECK (
    (source = 'reversal') = (reverses_id IS NOT NULL)
    AND (reverses_id IS NULL OR (investment_amount_usd <= 0 AND tokens_to_be_distributed <= 0)))`);
  await knex.raw('CREATE INDEX token_purchases_reverses_idx ON token_purchases (reverses_id) WHERE reverses_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE token_purchases DROP CONSTRAINT token_purchases_reversal_check');
  await knex.raw('DROP INDEX token_purchases_reverses_idx');
  await knex.schema.alterTable('token_purchases', (t) => t.dropColumn('reverses_id'));
  await knex.raw(`ALTER TABLE token_purchases DROP CONSTRAINT token_purchases_source_check,
    ADD CONSTRAINT token_purchases_source_check CHECK (source IN ('admin', 'investment', 'donation', 'seed'))`);
  await knex.schema.dropTable('payment_charges');
  await knex.schema.dropTable('provider_reconciliations');
  await knex.schema.alterTable('local_checkout_sessions', (t) => t.dropColumn('refunded_cents'));
  for (const [table, column, name] of STATUS_CHECKS) {
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN receipt_code`);
    await knex.raw(statusCheck(table, column, name, OLD_STATUSES));
  }
  await knex.raw('DROP FUNCTION new_receipt_code()');
}
