import type { Knex } from 'knex';

const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'];

/**
 * Money: payments (integer cents), the Stripe event inbox, and the append-only token ledger with
 * its running totals. Amounts are bigint cents or numeric; never float.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stripe_events', (t) => {
    t.text('id').primary(); // Stripe's event id: a redelivery is an ON CONFLICT DO NOTHING
    t.text('type').notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
  });
  await knex.raw('CREATE INDEX stripe_events_unprocessed_idx ON stripe_events (received_at) WHERE processed_at IS NULL');

  await knex.schema.createTable('donations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.bigInteger('amount_cents').notNullable();
    t.text('donor_name');
    t.text('message');
    t.boolean('wants_adx_tokens').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('pending').checkIn(PAYMENT_STATUSES, 'donations_status_check');
    t.text('checkout_session_id').unique();
    t.text('investor_id');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true, false);
  });
  await knex.raw('ALTER TABLE donations ADD CONSTRAINT donations_amount_check CHECK (amount_cents >= 100)');

  await knex.schema.createTable('program_payments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable().checkIn(['program', 'sponsorship'], 'program_payments_kind_check');
    t.bigInteger('amount_cents').notNullable();
    t.text('description').notNullable();
    t.text('status').notNullable().defaultTo('pending').checkIn(PAYMENT_STATUSES, 'program_payments_status_check');
    t.text('checkout_session_id').unique();
    t.text('payer_email');
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true, false);
  });
  await knex.raw('ALTER TABLE program_payments ADD CONSTRAINT program_payments_amount_check CHECK (amount_cents > 0)');

  await knex.schema.createTable('investors', (t) => {
    // A payer's stable public code (ADX0001...). Signed-in payers keep one; anonymous donors get one each time.
    t.text('investor_id').primary();
    t.uuid('user_id').unique().references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE SEQUENCE investor_code_seq START 1');

  await knex.schema.createTable('investments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.bigInteger('amount_cents').notNullable();
    t.decimal('adx_tokens', 28, 8).notNullable();
    t.text('payment_status').notNullable().defaultTo('pending').checkIn(PAYMENT_STATUSES, 'investments_status_check');
    t.text('checkout_session_id').unique();
    t.text('investor_id').references('investors.investor_id');
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['user_id', 'created_at'], 'investments_user_created_idx');
  });
  // $100 .. $1,000,000, whole cents.
  await knex.raw('ALTER TABLE investments ADD CONSTRAINT investments_amount_check CHECK (amount_cents BETWEEN 10000 AND 100000000)');

  await knex.schema.createTable('token_purchases', (t) => {
    t.bigIncrements('id');
    t.text('investor_id').notNullable();
    t.date('purchase_date').notNullable();
    t.decimal('investment_amount_usd', 16, 2).notNullable();
    t.decimal('tokens_to_be_distributed', 28, 8).notNullable();
    t.text('source').notNullable().checkIn(['admin', 'investment', 'donation', 'seed'], 'token_purchases_source_check');
    // The checkout session that paid for this row: UNIQUE makes a replayed payment a no-op.
    t.text('payment_reference').unique();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE token_purchases ADD CONSTRAINT token_purchases_investor_id_upper CHECK (investor_id = upper(investor_id) AND investor_id <> '')`);
  // Covering index in the ledger's display order: pages (even deep ones, via OFFSET) are index-only scans.
  await knex.raw(
    'CREATE INDEX token_purchases_order_idx ON token_purchases (purchase_date DESC, created_at DESC, id DESC) INCLUDE (investor_id, investment_amount_usd, tokens_to_be_distributed)',
  );
  // Investor-ID search is a prefix match on the upper-cased code; text_pattern_ops lets LIKE 'ADX00%' use it.
  await knex.raw('CREATE INDEX token_purchases_investor_id_idx ON token_purchases (investor_id text_pattern_ops)');

  // Ledger rows are append-only: a correction is a new row.
  await knex.raw(`
    CREATE FUNCTION token_purchases_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'token_purchases is append-only: add a correcting row instead of %', TG_OP;
    END $$;
    CREATE TRIGGER token_purchases_no_update BEFORE UPDATE OR DELETE ON token_purchases
      FOR EACH ROW EXECUTE FUNCTION token_purchases_append_only();
  `);

  // Running totals for the public summary, kept by a statement-level trigger so the summary is O(1)
  // however long the ledger grows. Exact, because rows are never updated or deleted.
  await knex.schema.createTable('ledger_totals', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.bigInteger('records').notNullable().defaultTo(0);
    t.decimal('investment_amount_usd', 20, 2).notNullable().defaultTo(0);
    t.decimal('tokens', 32, 8).notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE ledger_totals ADD CONSTRAINT ledger_totals_single_row CHECK (id)');
  await knex.raw('INSERT INTO ledger_totals (id) VALUES (true)');
  await knex.raw(`
    CREATE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_totals SET
        records = records + (SELECT count(*) FROM new_rows),
        investment_amount_usd = investment_amount_usd + (SELECT coalesce(sum(investment_amount_usd), 0) FROM new_rows),
        tokens = tokens + (SELECT coalesce(sum(tokens_to_be_distributed), 0) FROM new_rows)
      WHERE id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER token_purchases_totals AFTER INSERT ON token_purchases
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_add();
    CREATE FUNCTION ledger_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_totals SET records = 0, investment_amount_usd = 0, tokens = 0 WHERE id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER token_purchases_totals_truncate AFTER TRUNCATE ON token_purchases
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_reset();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_totals');
  await knex.raw('DROP TABLE token_purchases');
  await knex.raw('DROP FUNCTION ledger_totals_add(); DROP FUNCTION ledger_totals_reset(); DROP FUNCTION token_purchases_append_only()');
  await knex.schema.dropTable('investments');
  await knex.raw('DROP SEQUENCE investor_code_seq');
  await knex.schema.dropTable('investors');
  await knex.schema.dropTable('program_payments');
  await knex.schema.dropTable('donations');
  await knex.schema.dropTable('stripe_events');
}
