import type { Knex } from 'knex';

/**
 * The ledger's transparency log (docs/ledger-transparency.md): each token_purchases row gets a log index in commit
 * order and a leaf in an RFC 6962 Merkle tree whose complete subtrees are stored by (level, index), so a proof reads
 * O(log n) rows. Rows and leaves never exist apart: an insert into token_purchases queues the row in
 * ledger_log_pending (a statement trigger), the writing transaction appends what it queued (appendToLog) under the
 * lock of the single ledger_log_head row, and a deferred check refuses the commit of a row left unappended.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE ledger_log_head (id boolean PRIMARY KEY DEFAULT true CHECK (id), size bigint NOT NULL DEFAULT 0);
    INSERT INTO ledger_log_head (id) VALUES (true);
    CREATE TABLE ledger_log (
      log_index bigint PRIMARY KEY,
      purchase_id bigint NOT NULL UNIQUE REFERENCES token_purchases (id),
      appended_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE ledger_tree (level smallint NOT NULL, idx bigint NOT NULL, hash bytea NOT NULL, PRIMARY KEY (level, idx));
    CREATE TABLE ledger_checkpoints (
      tree_size bigint PRIMARY KEY,
      root_hash bytea NOT NULL,
      note text NOT NULL,
      signed_at timestamptz NOT NULL DEFAULT now()
    );
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

    -- The watchdog's failed runs (and the admin banner): the first index where the rows and the log disagree.
    CREATE TABLE ledger_log_alarms (
      id bigserial PRIMARY KEY,
      first_bad_index bigint NOT NULL,
      checkpoint_size bigint NOT NULL,
      detail text NOT NULL,
      raised_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    );
  `);
  // Rows recorded before the log existed join it in the order they were inserted: in 20261129000100_ledger_log_queue,
  // which replaced this queue table (a database migrated before then appended them earlier, and it finds nothing left).
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER token_purchases_log_queue ON token_purchases;
    DROP TABLE ledger_log_alarms, ledger_log_pending, ledger_checkpoints, ledger_tree, ledger_log, ledger_log_head;
    DROP FUNCTION ledger_log_queue(); DROP FUNCTION ledger_log_pending_check();
  `);
}
