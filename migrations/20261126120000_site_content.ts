import type { Knex } from 'knex';

/** The sector names and roadmap the pages showed before they became settings (one name per sector from now on). */
const INITIAL_SETTINGS = {
  socials: [],
  ventures: [],
  claims: [],
  programClaims: [],
  sectors: { education: 'Education', media: 'Media', economy: 'Economics', government: 'Government', family: 'Family', arts: 'Arts & Entertainment', religion: 'Religion' },
  roadmap: [
    { step: 'Phase 1', title: 'Foundation & Funding', description: 'Secure initial funding from friends, family and associates, and begin building the core ecosystem and AI tools.', progress: 0 },
    { step: 'Phase 2', title: 'Launch & Incubation', description: 'Create the ADX token on a public blockchain and launch the first incubator cohort.', progress: 0 },
    { step: 'Phase 3', title: 'Onboarding & Growth', description: 'Onboard the first businesses and users, and begin the initial ecosystem transactions.', progress: 0 },
    { step: 'Next', title: 'Scaling the Vision', description: 'Scale the incubator nationwide and expand into all seven sectors.', progress: 0 },
  ],
};

/**
 * Content without a deploy: the site settings and the token sale, each one row that admins edit, and the content
 * revision every API replica renders the public pages for. `site_revision_bump()` is a generic statement trigger:
 * any table the public pages show attaches it (`CREATE TRIGGER … FOR EACH STATEMENT EXECUTE FUNCTION
 * site_revision_bump()`), and each change then bumps the revision and NOTIFYs `site_changed` at commit.
 * Payments and ledger rows keep the rate they were sold at, so a later price change rewrites nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_revision', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.bigInteger('revision').notNullable().defaultTo(1);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE site_revision ADD CONSTRAINT site_revision_single_row CHECK (id)');
  await knex.raw('INSERT INTO site_revision (id) VALUES (true)');
  await knex.raw(`
    CREATE FUNCTION site_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r bigint;
    BEGIN
      UPDATE site_revision SET revision = revision + 1, changed_at = now() WHERE id RETURNING revision INTO r;
      PERFORM pg_notify('site_changed', r::text);
      RETURN NULL;
    END $$;
  `);

  await knex.schema.createTable('site_settings', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.jsonb('settings').notNullable();
    t.uuid('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE site_settings ADD CONSTRAINT site_settings_single_row CHECK (id)');
  await knex('site_settings').insert({ id: true, settings: JSON.stringify(INITIAL_SETTINGS) });

  await knex.schema.createTable('token_sale', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.decimal('tokens_per_dollar', 20, 4).notNullable();
    t.bigInteger('min_cents').notNullable();
    t.bigInteger('max_cents').notNullable();
    t.bigInteger('step_cents').notNullable();
    t.boolean('open').notNullable();
    t.uuid('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE token_sale ADD CONSTRAINT token_sale_single_row CHECK (id),
    ADD CONSTRAINT token_sale_bounds CHECK (tokens_per_dollar > 0 AND min_cents >= 100 AND max_cents >= min_cents AND step_cents > 0)`);
  // What the investment portal charged until now: $1 = 10 ADX, $100 .. $1,000,000, step $100, open.
  await knex('token_sale').insert({ id: true, tokens_per_dollar: '10', min_cents: 10_000, max_cents: 100_000_000, step_cents: 10_000, open: true });

  for (const table of ['site_settings', 'token_sale']) {
    await knex.raw(`CREATE TRIGGER ${table}_site_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION site_revision_bump()`);
  }

  // The rate each payment was sold at. Rows from before: investments were 10 per dollar, donations one per cent.
  await knex.schema.alterTable('investments', (t) => t.decimal('tokens_per_dollar', 20, 4));
  await knex.schema.alterTable('donations', (t) => {
    t.decimal('tokens_per_dollar', 20, 4);
    t.decimal('adx_tokens', 28, 8);
  });
  await knex.schema.alterTable('token_purchases', (t) => t.decimal('tokens_per_dollar', 20, 4));
  await knex.raw(`UPDATE investments SET tokens_per_dollar = 10`);
  await knex.raw(`UPDATE donations SET tokens_per_dollar = 100, adx_tokens = amount_cents WHERE wants_adx_tokens`);
  // The ledger is append-only; this one backfill of a new column changes no figure.
  await knex.raw('ALTER TABLE token_purchases DISABLE TRIGGER token_purchases_no_update');
  await knex.raw(`UPDATE token_purchases SET tokens_per_dollar = CASE source WHEN 'investment' THEN 10 WHEN 'donation' THEN 100 END
    WHERE source IN ('investment', 'donation')`);
  await knex.raw(`UPDATE token_purchases r SET tokens_per_dollar = p.tokens_per_dollar FROM token_purchases p WHERE r.reverses_id = p.id`);
  await knex.raw('ALTER TABLE token_purchases ENABLE TRIGGER token_purchases_no_update');
  // The sale's minimum and maximum are settings now; the database keeps only what is always true.
  await knex.raw('ALTER TABLE investments DROP CONSTRAINT investments_amount_check, ADD CONSTRAINT investments_amount_check CHECK (amount_cents > 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE investments DROP CONSTRAINT investments_amount_check, ADD CONSTRAINT investments_amount_check CHECK (amount_cents BETWEEN 10000 AND 100000000)');
  await knex.raw('ALTER TABLE token_purchases DISABLE TRIGGER token_purchases_no_update');
  await knex.schema.alterTable('token_purchases', (t) => t.dropColumn('tokens_per_dollar'));
  await knex.raw('ALTER TABLE token_purchases ENABLE TRIGGER token_purchases_no_update');
  await knex.schema.alterTable('donations', (t) => {
    t.dropColumn('tokens_per_dollar');
    t.dropColumn('adx_tokens');
  });
  await knex.schema.alterTable('investments', (t) => t.dropColumn('tokens_per_dollar'));
  await knex.schema.dropTable('token_sale');
  await knex.schema.dropTable('site_settings');
  await knex.raw('DROP FUNCTION site_revision_bump()');
  await knex.schema.dropTable('site_revision');
}
