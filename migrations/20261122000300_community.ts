import type { Knex } from 'knex';

/**
 * Form submissions, speaker sessions with their tokens, studio recordings and their chunks, the
 * session archive with favorites and views, and rendered flyers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('form_submissions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('form')
      .notNullable()
      .checkIn(
        ['scholarship', 'consultation', 'incubator_application', 'incubator_registration', 'business_application', 'feedback'],
        'form_submissions_form_check',
      );
    t.jsonb('payload').notNullable();
    t.text('email');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('ip_address');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['form', 'created_at'], 'form_submissions_form_created_idx');
  });

  await knex.schema.createTable('speaker_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('speaker_id').references('users.id').onDelete('SET NULL');
    t.text('session_title').notNullable();
    t.text('session_description');
    t.timestamp('scheduled_date', { useTz: true }).notNullable();
    t.text('discord_channel_link');
    t.text('status')
      .notNullable()
      .defaultTo('scheduled')
      .checkIn(['scheduled', 'live', 'completed', 'cancelled'], 'speaker_sessions_status_check');
    t.integer('duration_seconds');
    t.text('recording_url');
    t.timestamp('actual_start_time', { useTz: true });
    t.timestamp('actual_end_time', { useTz: true });
    t.timestamps(true, true, false);
  });
  await knex.raw('CREATE INDEX speaker_sessions_scheduled_date_idx ON speaker_sessions (scheduled_date DESC)');

  await knex.schema.createTable('speaker_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('session_id').notNullable().references('speaker_sessions.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique(); // sha256 of the token; the token itself is shown once
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // A new token revokes the old one: at most one live token per session.
  await knex.raw('CREATE UNIQUE INDEX speaker_tokens_one_active_idx ON speaker_tokens (session_id) WHERE revoked_at IS NULL');

  await knex.schema.createTable('recordings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('session_id').notNullable().references('speaker_sessions.id').onDelete('CASCADE');
    t.text('status')
      .notNullable()
      .defaultTo('recording')
      .checkIn(['recording', 'finalizing', 'completed', 'failed'], 'recordings_status_check');
    t.text('mime_type').notNullable().defaultTo('video/webm');
    t.integer('final_seq'); // last seq announced by the client on Stop
    t.bigInteger('bytes_received').notNullable().defaultTo(0);
    t.text('object_key');
    t.bigInteger('size_bytes');
    t.integer('duration_seconds');
    t.text('sha256');
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['session_id'], 'recordings_session_id_idx');
  });
  // One live take per session.
  await knex.raw(`CREATE UNIQUE INDEX recordings_one_live_take_idx ON recordings (session_id) WHERE status = 'recording'`);

  await knex.schema.createTable('recording_chunks', (t) => {
    t.uuid('recording_id').notNullable().references('recordings.id').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('storage_key').notNullable();
    t.text('sha256').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['recording_id', 'seq']);
  });
  await knex.raw('ALTER TABLE recording_chunks ADD CONSTRAINT recording_chunks_seq_check CHECK (seq >= 0)');

  await knex.schema.createTable('session_archive', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('session_id').unique().references('speaker_sessions.id').onDelete('SET NULL');
    t.text('session_title').notNullable();
    t.text('session_description');
    t.text('speaker_name');
    t.text('speaker_topic');
    t.text('speaker_avatar');
    t.text('thumbnail_url');
    t.text('recording_url');
    t.integer('duration_seconds');
    t.timestamp('actual_start_time', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX session_archive_actual_start_time_idx ON session_archive (actual_start_time DESC NULLS LAST)');

  await knex.schema.createTable('session_favorites', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('session_id').notNullable().references('session_archive.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'session_id']);
  });

  await knex.schema.createTable('session_views', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id').notNullable().references('session_archive.id').onDelete('CASCADE');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('viewed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id'], 'session_views_session_id_idx');
  });

  await knex.schema.createTable('flyers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('speaker_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('session_day').notNullable().checkIn(['Monday', 'Wednesday', 'Friday'], 'flyers_session_day_check');
    t.text('profile_version').notNullable();
    t.text('job_id').notNullable().unique();
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'ready', 'failed'], 'flyers_status_check');
    t.text('object_key');
    t.text('error');
    t.timestamps(true, true, false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('flyers');
  await knex.schema.dropTable('session_views');
  await knex.schema.dropTable('session_favorites');
  await knex.schema.dropTable('session_archive');
  await knex.schema.dropTable('recording_chunks');
  await knex.schema.dropTable('recordings');
  await knex.schema.dropTable('speaker_tokens');
  await knex.schema.dropTable('speaker_sessions');
  await knex.schema.dropTable('form_submissions');
}
