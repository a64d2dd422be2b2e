import type { Knex } from 'knex';

/**
 * The candidates of a searched ledger page (common/src/server/ledger/ledger-page-sql.ts, searchPageSql): the first `cap`
 * IDs of a prefix's byte range, in investor_id index order. A plpgsql function so that its plan is made once per
 * connection and is the same for every prefix: with the settings below, the only plan Postgres may choose is an
 * ordered walk of the investor_id index that stops after `cap` entries, however much of the ledger the prefix
 * matches and however small the table was when the plan was made (without them, a small table's plan reads every
 * match into a bitmap and sorts it, and would be kept for 'ADX' on a million rows).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION ledger_search_candidates(lo text, hi text, cap integer) RETURNS SETOF token_purchases
    LANGUAGE plpgsql STABLE ROWS 201
    SET plan_cache_mode = force_generic_plan SET enable_bitmapscan = off SET enable_seqscan = off SET enable_sort = off
    AS $$
    BEGIN
      RETURN QUERY SELECT * FROM token_purchases WHERE investor_id ~>=~ lo AND investor_id ~<~ hi ORDER BY investor_id USING ~<~ LIMIT cap;
    END $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION ledger_search_candidates(text, text, integer)');
}
