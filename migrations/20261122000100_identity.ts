import type { Knex } from 'knex';

/** Members, roles, privacy settings, server-side sign-in sessions and the security audit log. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('discord_id').unique();
    t.text('discord_username');
    t.text('discord_avatar_url');
    t.text('email');
    t.text('bio');
    t.text('audio_file_url');
    t.text('speaker_topic');
    t.timestamp('last_sign_in_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['created_at'], 'users_created_at_idx');
  });
  // Profile lookup by username is case-insensitive; the directory search is a substring match.
  await knex.raw('CREATE UNIQUE INDEX users_discord_username_lower_idx ON users (lower(discord_username))');
  await knex.raw('CREATE INDEX users_discord_username_trgm_idx ON users USING gin (lower(discord_username) gin_trgm_ops)');

  await knex.schema.createTable('user_roles', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('role').notNullable().checkIn(['admin'], 'user_roles_role_check');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.uuid('granted_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true, false);
    t.unique(['user_id', 'role']);
  });

  await knex.schema.createTable('user_privacy_settings', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('profile_visibility').notNullable().defaultTo(false);
    t.boolean('email_visibility').notNullable().defaultTo(false);
    t.boolean('directory_listing').notNullable().defaultTo(false);
    t.timestamps(true, true, false);
  });

  await knex.schema.createTable('sessions', (t) => {
    // sha256 of the cookie value: a leaked table cannot be replayed as cookies.
    t.text('id_hash').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Sent back in the x-csrf-token header on every state-changing call; useless without the cookie.
    t.text('csrf_token').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.text('ip_address');
    t.text('user_agent');
    t.index(['user_id'], 'sessions_user_id_idx');
    t.index(['expires_at'], 'sessions_expires_at_idx');
  });

  await knex.schema.createTable('security_audit_logs', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('event_type').notNullable();
    t.text('ip_address');
    t.text('user_agent');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at'], 'security_audit_logs_user_created_idx');
    t.index(['event_type', 'created_at'], 'security_audit_logs_type_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('security_audit_logs');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('user_privacy_settings');
  await knex.schema.dropTable('user_roles');
  await knex.schema.dropTable('users');
}
