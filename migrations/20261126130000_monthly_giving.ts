import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Monthly giving. A `donation_subscriptions` row is written (pending) before its subscription checkout, like every
 * payment row; the provider's subscription id and customer id join it when the checkout completes or the first
 * invoice arrives, whichever comes first. Each paid invoice is one donation row (`invoice_id` UNIQUE: a redelivered
 * invoice.paid inserts nothing). Failure and cancellation mails are keyed by invoice and
 * subscription (mail keys), so each is sent once whatever order the events arrive in. `local_subscriptions` is the TEST MODE provider's own state
 * (a stand-in for Stripe's), and `link_keys` holds the HMAC key that signs "Manage or cancel" links (the API checks
 * them, the worker writes them into mails: both reach Postgres, neither needs another secret in its environment).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('donation_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('payer_email');
    t.bigInteger('amount_cents').notNullable();
    t.text('donor_name');
    t.text('message');
    t.boolean('wants_adx_tokens').notNullable().defaultTo(false);
    // The sale's rate when the gift was set up: every month's tokens are counted at it.
    t.decimal('tokens_per_dollar', 20, 4);
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'active', 'past_due', 'canceled', 'expired'], 'donation_subscriptions_status_check');
    t.text('checkout_session_id').unique();
    t.text('provider_subscription_id').unique();
    t.text('provider_customer_id');
    t.timestamp('canceled_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['user_id', 'status']);
  });
  await knex.raw('ALTER TABLE donation_subscriptions ADD CONSTRAINT donation_subscriptions_amount_check CHECK (amount_cents >= 100)');
  await knex.schema.alterTable('donations', (t) => {
    t.uuid('subscription_id').references('donation_subscriptions.id').onDelete('RESTRICT');
    t.text('invoice_id').unique();
    t.text('billing_reason');
    t.index(['subscription_id']);
  });
  await knex.schema.createTable('local_subscriptions', (t) => {
    t.text('id').primary();
    t.text('customer_id').notNullable();
    t.text('checkout_session_id').notNullable().unique();
    t.uuid('row_id').notNullable().unique();
    t.bigInteger('amount_cents').notNullable();
    t.text('email');
    t.text('status').notNullable().defaultTo('active').checkIn(['active', 'past_due', 'canceled'], 'local_subscriptions_status_check');
    t.integer('invoices').notNullable().defaultTo(0);
    // The simulated card declines renewals while set (the portal page's switch; tests set it).
    t.boolean('decline_renewals').notNullable().defaultTo(false);
    t.timestamp('current_period_end', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('local_checkout_sessions', (t) => {
    t.text('mode').notNullable().defaultTo('payment').checkIn(['payment', 'subscription'], 'local_checkout_sessions_mode_check');
    t.text('email');
  });
  await knex.schema.createTable('link_keys', (t) => {
    t.text('purpose').primary();
    t.binary('secret').notNullable();
  });
  await knex('link_keys').insert({ purpose: 'monthly-manage', secret: randomBytes(32) });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('link_keys');
  await knex.schema.alterTable('local_checkout_sessions', (t) => {
    t.dropColumn('mode');
    t.dropColumn('email');
  });
  await knex.schema.dropTable('local_subscriptions');
  await knex.schema.alterTable('donations', (t) => {
    t.dropColumn('subscription_id');
    t.dropColumn('invoice_id');
    t.dropColumn('billing_reason');
  });
  await knex.schema.dropTable('donation_subscriptions');
}
