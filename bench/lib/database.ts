import type { Knex } from 'knex';
import { createDb, migrateLatest } from '@app/common/server/db';
import { DATA_DIR } from '../../scripts/lib/paths';
import { createDatabase, dropDatabase, ensureServices, type Services } from '../../scripts/lib/services';

/** A benchmark's own migrated database on the services `npm start` would use. */
export interface BenchDatabase {
  services: Services;
  url: string;
  /** Open with a small pool; the caller destroys it. */
  db: Knex;
  /** Drops the database if it was made `fresh`, then stops the services this bench started. */
  close(): Promise<void>;
}

/**
 * Finds or starts Postgres and Redis, then makes database `name` and migrates it. `fresh`: dropped and
 * created again every run (figures must not depend on an earlier run) and dropped at close; otherwise
 * kept between runs (a bench whose seeding is expensive reuses it).
 */
export async function benchDatabase(name: string, log: (m: string) => void, opts: { fresh: boolean; poolMax?: number }): Promise<BenchDatabase> {
  const services = await ensureServices({ dataDir: DATA_DIR, log });
  const adminUrl = new URL(services.databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = adminUrl.toString();
  const url = new URL(services.databaseUrl);
  url.pathname = `/${name}`;
  if (opts.fresh) await dropDatabase(admin, name);
  const admindb = createDb(admin, { poolMax: 1 });
  const exists = await admindb('pg_database').where({ datname: name }).first();
  await admindb.destroy();
  if (!exists) await createDatabase(admin, name);
  const db = createDb(url.toString(), { poolMax: opts.poolMax ?? 2 });
  await migrateLatest(db);
  return {
    services,
    url: url.toString(),
    db,
    close: async () => {
      if (opts.fresh) await dropDatabase(admin, name);
      await services.stop();
    },
  };
}

/**
 * Bench-only (not a migration): a NOTIFY on channel `bench_ledger`, payload the payment reference, for every ledger
 * row; Postgres delivers it at commit, so a LISTENing bench learns the moment each row is committed.
 */
export async function notifyEachLedgerRow(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION bench_notify_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('bench_ledger', NEW.payment_reference); RETURN NEW; END $$;
    CREATE TRIGGER bench_notify_ledger AFTER INSERT ON token_purchases FOR EACH ROW EXECUTE FUNCTION bench_notify_ledger();`);
}

/** Empties the ledger and the transparency log built over it (its tables reference the rows), before a bench seeds its own. */
export async function emptyLedger(db: Knex): Promise<void> {
  await db.raw("TRUNCATE token_purchases, ledger_log, ledger_tree, ledger_checkpoints; UPDATE ledger_log_head SET size = 0, frontier = '{}', frontier_size = 0");
}
