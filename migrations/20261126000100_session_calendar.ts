import type { Knex } from 'knex';

/**
 * What members need around a session: RSVPs, each member's reminder lead time, the secret of their personal
 * calendar feed (stored hashed), and on each session the iCalendar SEQUENCE and the time its calendar event last
 * changed. A trigger keeps those two, so every writer (API, studio, worker) moves a subscriber's event without
 * knowing about calendars: SEQUENCE grows when what a calendar shows changes (time, title, description, channel,
 * speaker, recording link, a cancellation), and the feeds' ETags follow calendar_changed_at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('speaker_sessions', (t) => {
    t.integer('ical_sequence').notNullable().defaultTo(0);
    t.timestamp('calendar_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    CREATE FUNCTION speaker_sessions_calendar_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.scheduled_date IS DISTINCT FROM OLD.scheduled_date
        OR NEW.session_title IS DISTINCT FROM OLD.session_title
        OR NEW.session_description IS DISTINCT FROM OLD.session_description
        OR NEW.discord_channel_link IS DISTINCT FROM OLD.discord_channel_link
        OR NEW.speaker_id IS DISTINCT FROM OLD.speaker_id
        OR NEW.recording_url IS DISTINCT FROM OLD.recording_url
        OR (NEW.status IS DISTINCT FROM OLD.status AND 'cancelled' IN (NEW.status, OLD.status)) THEN
        NEW.ical_sequence := OLD.ical_sequence + 1;
        NEW.calendar_changed_at := clock_timestamp();
      END IF;
      RETURN NEW;
    END $$;
  `);
  await knex.raw(`
    CREATE TRIGGER speaker_sessions_calendar_change BEFORE UPDATE ON speaker_sessions
    FOR EACH ROW EXECUTE FUNCTION speaker_sessions_calendar_change()
  `);

  await knex.schema.createTable('session_rsvps', (t) => {
    t.uuid('session_id').notNullable().references('speaker_sessions.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['session_id', 'user_id']);
    t.index(['user_id'], 'session_rsvps_user_idx');
  });

  // Minutes before a session its reminder goes out; null: no reminders.
  await knex.schema.alterTable('users', (t) => {
    t.integer('session_reminder_minutes').defaultTo(30);
  });
  await knex.raw('ALTER TABLE users ADD CONSTRAINT users_session_reminder_minutes_check CHECK (session_reminder_minutes BETWEEN 0 AND 10080)');

  await knex.schema.createTable('calendar_feed_tokens', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('calendar_feed_tokens');
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_session_reminder_minutes_check');
  await knex.schema.alterTable('users', (t) => t.dropColumn('session_reminder_minutes'));
  await knex.schema.dropTable('session_rsvps');
  await knex.raw('DROP TRIGGER speaker_sessions_calendar_change ON speaker_sessions');
  await knex.raw('DROP FUNCTION speaker_sessions_calendar_change()');
  await knex.schema.alterTable('speaker_sessions', (t) => {
    t.dropColumn('ical_sequence');
    t.dropColumn('calendar_changed_at');
  });
}
