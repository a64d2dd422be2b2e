import type { Knex } from 'knex';

/**
 * Total Investors counts distinct investor IDs (a repeat investor is one investor; reversal rows are none). Kept as
 * the running totals are, so the summary stays O(1): `ledger_investors` holds each investor ID once, and the
 * statement trigger adds to `ledger_totals.investors` the IDs it is the first to insert there (ON CONFLICT waits
 * for a concurrent insert of the same ID, so two first purchases at once count once). IDs are inserted in order,
 * so two statements never wait on each other's IDs crosswise.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_investors', (t) => {
    t.text('investor_id').primary();
  });
  await knex.raw('INSERT INTO ledger_investors SELECT DISTINCT investor_id FROM token_purchases WHERE reverses_id IS NULL');
  await knex.schema.alterTable('ledger_totals', (t) => t.bigInteger('investors').notNullable().defaultTo(0));
  await knex.raw('UPDATE ledger_totals SET investors = (SELECT count(*) FROM ledger_investors) WHERE id');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE first_seen bigint;
    BEGIN
      WITH ins AS (
        INSERT INTO ledger_investors (investor_id)
          SELECT DISTINCT investor_id FROM new_rows WHERE reverses_id IS NULL ORDER BY investor_id
          ON CONFLICT DO NOTHING RETURNING 1
      ) SELECT count(*) INTO first_seen FROM ins;
      UPDATE ledger_totals SET
        records = records + (SELECT count(*) FROM new_rows),
        investment_amount_usd = investment_amount_usd + (SELECT coalesce(sum(investment_amount_usd), 0) FROM new_rows),
        tokens = tokens + (SELECT coalesce(sum(tokens_to_be_distributed), 0) FROM new_rows),
        investors = investors + first_seen
      WHERE id;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION ledger_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE ledger_investors;
      UPDATE ledger_totals SET records = 0, investment_amount_usd = 0, tokens = 0, investors = 0 WHERE id;
      RETURN NULL;
    END $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_totals SET
        records = records + (SELECT count(*) FROM new_rows),
        investment_amount_usd = investment_amount_usd + (SELECT coalesce(sum(investment_amount_usd), 0) FROM new_rows),
        tokens = tokens + (SELECT coalesce(sum(tokens_to_be_distributed), 0) FROM new_rows)
      WHERE id;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION ledger_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_totals SET records = 0, investment_amount_usd = 0, tokens = 0 WHERE id;
      RETURN NULL;
    END $$;
  `);
  await knex.schema.alterTable('ledger_totals', (t) => t.dropColumn('investors'));
  await knex.schema.dropTable('ledger_investors');
}
