import type { Knex } from 'knex';

/**
 * Studio credentials: what a speaker gets after authenticating with a session token. Short-lived,
 * scoped to one session, stored hashed like sign-in sessions, and in Postgres so they survive an
 * API restart and work on every instance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('studio_credentials', (t) => {
    t.text('id_hash').primary();
    t.uuid('session_id').notNullable().references('speaker_sessions.id').onDelete('CASCADE');
    t.uuid('token_id').notNullable().references('speaker_tokens.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id'], 'studio_credentials_session_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('studio_credentials');
}
