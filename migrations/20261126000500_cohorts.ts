import type { Knex } from 'knex';

/**
 * The incubator's cohorts as data (admins edit them), the seats their checkouts hold or take, and the people who
 * asked to hear when enrolment opens. A cohort's seat counters change only in the transaction that changes the
 * reservation they count, and a CHECK keeps them within the cohort's seats whatever the code does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cohorts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('number').notNullable().unique();
    t.text('city').notNullable();
    t.text('format').notNullable();
    t.date('starts_on').notNullable();
    t.text('session_time').notNullable(); // 'HH:MM', wall clock in time_zone: the weekly session and the first one
    t.text('time_zone').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable(); // starts_on + session_time in time_zone, kept with them
    t.integer('weeks').notNullable();
    t.integer('seats').notNullable();
    t.bigInteger('price_cents').notNullable();
    t.timestamp('enrolment_opens_at', { useTz: true }).notNullable();
    t.timestamp('enrolment_closes_at', { useTz: true }).notNullable();
    t.integer('seats_taken').notNullable().defaultTo(0);
    t.integer('seats_held').notNullable().defaultTo(0);
    t.timestamps(true, true, false);
  });
  await knex.raw(`ALTER TABLE cohorts
    ADD CONSTRAINT cohorts_weeks_check CHECK (weeks BETWEEN 1 AND 104),
    ADD CONSTRAINT cohorts_seats_check CHECK (seats BETWEEN 1 AND 10000),
    ADD CONSTRAINT cohorts_price_check CHECK (price_cents > 0),
    ADD CONSTRAINT cohorts_enrolment_check CHECK (enrolment_opens_at < enrolment_closes_at),
    ADD CONSTRAINT cohorts_counts_check CHECK (seats_taken >= 0 AND seats_held >= 0 AND seats_taken + seats_held <= seats)`);

  // One reservation per enrolment checkout. held: the checkout is open; confirmed: paid, a participant;
  // released: expired, failed or abandoned; overbooked: paid after its hold ended into a full cohort (refunded).
  await knex.schema.createTable('seat_reservations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('cohort_id').notNullable().references('cohorts.id').onDelete('RESTRICT');
    t.uuid('payment_id').notNullable().unique().references('program_payments.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('held').checkIn(['held', 'confirmed', 'released', 'overbooked'], 'seat_reservations_status_check');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('refund_requested_at', { useTz: true });
    t.timestamps(true, true, false);
    t.index(['cohort_id', 'status'], 'seat_reservations_cohort_status_idx');
  });
  await knex.raw(`CREATE INDEX seat_reservations_held_expiry_idx ON seat_reservations (expires_at) WHERE status = 'held'`);
  await knex.raw(`CREATE INDEX seat_reservations_refund_due_idx ON seat_reservations (created_at) WHERE status = 'overbooked' AND refund_requested_at IS NULL`);

  await knex.schema.alterTable('program_payments', (t) => {
    t.uuid('cohort_id').references('cohorts.id').onDelete('RESTRICT');
  });

  // "Notify me when enrolment opens": one pending request per address; notified_at once its mail was asked for.
  await knex.schema.createTable('cohort_notify_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('notified_cohort_id').references('cohorts.id').onDelete('SET NULL');
    t.timestamp('notified_at', { useTz: true });
  });
  await knex.raw(`CREATE UNIQUE INDEX cohort_notify_requests_pending_email ON cohort_notify_requests (lower(email)) WHERE notified_at IS NULL`);

  // The local TEST MODE checkout expires like Stripe's.
  await knex.schema.alterTable('local_checkout_sessions', (t) => {
    t.timestamp('expires_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_checkout_sessions', (t) => t.dropColumn('expires_at'));
  await knex.schema.dropTable('cohort_notify_requests');
  await knex.schema.alterTable('program_payments', (t) => t.dropColumn('cohort_id'));
  await knex.schema.dropTable('seat_reservations');
  await knex.schema.dropTable('cohorts');
}
