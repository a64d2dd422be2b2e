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

/** Runs one statement on a pooled connection of `db` through pg itself (no query building per request). */
export async function pgQuery<T>(db: Knex, query: { name?: string; text: string; values: unknown[] }): Promise<T[]> {
  const client = db.client as Knex.Client & { acquireConnection(): Promise<pg.PoolClient>; releaseConnection(c: pg.PoolClient): Promise<void> };
  // Announced like knex's own queries, so whoever listens to the instance's 'query' events (tests, debugging) sees it.
  client.emit('query', { method: 'raw', sql: query.text, bindings: query.values, ...(query.name ? { name: query.name } : {}) });
  const conn = await client.acquireConnection();
  try {
    return (await conn.query(query)).rows as T[];
  } finally {
    await client.releaseConnection(conn);
  }
}
