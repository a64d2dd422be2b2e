import type { Knex } from 'knex';

/**
 * Checkout sessions of the local test-mode payment page (used when no Stripe key is configured; refused
 * in production). Shaped like Stripe's so the webhook, worker and verify paths are the same.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_checkout_sessions', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable();
    t.uuid('row_id').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('success_url').notNullable();
    t.text('cancel_url').notNullable();
    t.text('status').notNullable().defaultTo('open').checkIn(['open', 'complete', 'expired'], 'local_checkout_sessions_status_check');
    t.text('payment_status').notNullable().defaultTo('unpaid').checkIn(['unpaid', 'paid'], 'local_checkout_sessions_payment_status_check');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_checkout_sessions');
}
