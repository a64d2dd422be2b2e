import knex, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from '../../../migrations/index';

// Dates (type 1082) stay 'YYYY-MM-DD' strings: a calendar date has no time zone, and turning it into
// a JS Date at local midnight shifts it by a day for half the world.
pg.types.setTypeParser(1082, (v: string) => v);

/** Creates the knex instance every server process uses. Numeric and bigint columns come back as strings. */
export function createDb(connectionString: string, opts: { poolMax?: number } = {}): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString, application_name: 'adx-platform' },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

/** Applies every pending migration; returns the names applied. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** Row count helper: Postgres returns count(*) as a bigint string. */
export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '0'), 10);
  if (!Number.isSafeInteger(n)) throw new Error(`count out of range: ${String(value)}`);
  return n;
}

/** The statements of `db` that leave connections free (pgQuery's `leaveFree`) now running, and those waiting their turn. */
const gates = new WeakMap<Knex, { running: number; waiting: Array<() => void> }>();

/**
 * Waits until fewer than the pool's max − `leaveFree` such statements of `db` run, counts this one in, and returns its
 * release, which hands the turn to the next waiting one (first come, first served). A wait longer than the pool's
 * acquire timeout fails as a wait in the pool would, so a stalled database does not keep a rush waiting here forever.
 */
async function admitted(db: Knex, leaveFree: number): Promise<() => void> {
  let g = gates.get(db);
  if (!g) gates.set(db, (g = { running: 0, waiting: [] }));
  const config = db.client.config as Knex.Config;
  const max = (db.client as { pool?: { max?: number } }).pool?.max ?? config.pool?.max ?? 10;
  if (g.running < Math.max(1, max - leaveFree)) g.running += 1;
  else {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        g.waiting.splice(g.waiting.indexOf(turn), 1);
        reject(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'));
      }, config.acquireConnectionTimeout ?? 60_000);
      g.waiting.push(turn);
    });
  }
  return () => {
    const next = g.waiting.shift();
    if (next) next();
    else g.running -= 1;
  };
}

/**
 * Runs one statement on a pooled connection of `db` through pg itself (no query building per request). A `name`
 * makes it a prepared statement on each connection: parsed and planned once, not on every call.
 * `leaveFree`: at most the pool's max minus this many such statements hold or wait for a connection at once; the rest
 * wait here, not in the pool's own first-come queue, so statements that follow one of them (a held seat's checkout)
 * find a free connection instead of queuing behind a rush of the same statement.
 */
export async function pgQuery<T>(db: Knex, query: { name?: string; text: string; values: unknown[] }, opts: { leaveFree?: number } = {}): Promise<T[]> {
  const client = db.client as Knex.Client & { acquireConnection(): Promise<pg.PoolClient>; releaseConnection(c: pg.PoolClient): Promise<void> };
  // Announced like knex's own queries, so whoever listens to the instance's 'query' events (tests, debugging) sees it.
  client.emit('query', { method: 'raw', sql: query.text, bindings: query.values, ...(query.name ? { name: query.name } : {}) });
  const release = opts.leaveFree ? await admitted(db, opts.leaveFree) : undefined;
  try {
    const conn = await client.acquireConnection();
    try {
      return (await conn.query(query)).rows as T[];
    } finally {
      await client.releaseConnection(conn);
    }
  } finally {
    release?.();
  }
}
