import type { Knex } from 'knex';
import { appendToLog } from '../common/src/server/ledger/tlog.repository';

/**
 * The ledger rows a transaction inserted and has not appended to the transparency log yet are queued in a setting
 * local to the transaction (`ledger_log.pending`: their ids) instead of a table. The queue table took an insert, a
 * delete and an index probe at commit for every ledger row, and left a dead row behind for each: in a burst, before
 * autovacuum came round, every append read all of them. A statement trigger adds the ids, `ledger_log_take()`
 * (appendToLog's read) returns and clears them, and a deferred check on each new ledger row refuses the commit of a
 * transaction that left any unappended. A savepoint rolled back rolls the setting back with its rows.
 * Rows recorded before the log existed join it here, in the order they were inserted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER token_purchases_log_queue ON token_purchases;
    DROP TABLE ledger_log_pending;
    DROP FUNCTION ledger_log_queue(), ledger_log_pending_check();

    CREATE FUNCTION ledger_log_queue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('ledger_log.pending', concat_ws(',', nullif(current_setting('ledger_log.pending', true), ''), (SELECT string_agg(id::text, ',') FROM new_rows)), true);
      RETURN NULL;
    END $$;
    CREATE TRIGGER token_purchases_log_queue AFTER INSERT ON token_purchases
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_log_queue();

    CREATE FUNCTION ledger_log_take() RETURNS bigint[] LANGUAGE plpgsql AS $$
    DECLARE
      queued text := nullif(current_setting('ledger_log.pending', true), '');
    BEGIN
      PERFORM set_config('ledger_log.pending', '', true);
      RETURN coalesce(string_to_array(queued, ',')::bigint[], '{}');
    END $$;

    CREATE FUNCTION ledger_log_unappended_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('ledger_log.pending', true), '') <> '' THEN
        RAISE EXCEPTION 'ledger row % was inserted but not appended to the transparency log (call appendToLog before commit)', NEW.id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER token_purchases_log_appended AFTER INSERT ON token_purchases
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_log_unappended_check();
  `);
  await knex.raw(`SELECT set_config('ledger_log.pending', coalesce((
    SELECT string_agg(t.id::text, ',' ORDER BY t.id) FROM token_purchases t WHERE NOT EXISTS (SELECT 1 FROM ledger_log l WHERE l.purchase_id = t.id)), ''), true)`);
  await appendToLog(knex as Knex.Transaction); // knex runs each migration in a transaction of its own
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER token_purchases_log_appended ON token_purchases;
    DROP TRIGGER token_purchases_log_queue ON token_purchases;
    DROP FUNCTION ledger_log_unappended_check(), ledger_log_take(), ledger_log_queue();

    CREATE TABLE ledger_log_pending (purchase_id bigint PRIMARY KEY);
    CREATE FUNCTION ledger_log_queue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ledger_log_pending (purchase_id) SELECT id FROM new_rows;
      RETURN NULL;
    END $$;
    CREATE TRIGGER token_purchases_log_queue AFTER INSERT ON token_purchases
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_log_queue();
    CREATE FUNCTION ledger_log_pending_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ledger_log_pending WHERE purchase_id = NEW.purchase_id) THEN
        RAISE EXCEPTION 'ledger row % was inserted but not appended to the transparency log (call appendToLog before commit)', NEW.purchase_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_log_pending_appended AFTER INSERT ON ledger_log_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_log_pending_check();
  `);
}
