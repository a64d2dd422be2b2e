import type { Knex } from 'knex';

/**
 * Outgoing mail and the newsletter. `mail_outbox` records every message once per message key (the
 * UNIQUE key is what makes a repeated mail.send a no-op); with no SMTP relay it is the only delivery,
 * read by admins at /admin/outbox. Newsletter subscribers confirm by a link whose token is stored hashed
 * and expires (double opt-in).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('message_key').notNullable().unique();
    t.text('kind').notNullable();
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.text('transport').notNullable().checkIn(['outbox', 'smtp'], 'mail_outbox_transport_check');
    t.text('smtp_message_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.index(['created_at'], 'mail_outbox_created_idx');
    t.index(['to_address'], 'mail_outbox_to_idx');
  });
  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable().unique(); // lower-cased
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'confirmed', 'unsubscribed'], 'newsletter_status_check');
    t.text('confirm_token_hash').unique();
    t.timestamp('confirm_expires_at', { useTz: true });
    // Shown in every newsletter mail; it only unsubscribes, so it is kept as is to build those links.
    t.text('unsubscribe_token').notNullable().unique();
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('unsubscribed_at', { useTz: true });
    t.timestamps(true, true, false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_subscribers');
  await knex.schema.dropTable('mail_outbox');
}
