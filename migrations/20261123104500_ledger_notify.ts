import type { Knex } from 'knex';

/**
 * Tells every API process that the public ledger changed: a statement-level NOTIFY on the channel
 * `ledger_changed` after each insert (and truncate). Postgres delivers it at commit to every session
 * that LISTENs, so each replica can keep the summary and first page in memory and drop them exactly
 * when they stop being true (common/src/server/ledger/ledger-cache.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION ledger_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('ledger_changed', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER token_purchases_notify AFTER INSERT OR TRUNCATE ON token_purchases
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_notify_changed();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER token_purchases_notify ON token_purchases; DROP FUNCTION ledger_notify_changed()');
}
