import { setTimeout as sleep } from 'node:timers/promises';
import { withPgClient } from './pg-client';
import { errorCode } from './util';

/** Creating and dropping databases by name (tests clone a template; benches use a scratch one). */

const SAFE_DB_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function assertSafeDbName(name: string): void {
  if (!SAFE_DB_NAME.test(name)) {
    throw new Error(`unsafe database name ${JSON.stringify(name)}: use 1-63 letters, digits and underscores, not starting with a digit`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `adminUrl` with its database replaced by `name` (user, host, port and query kept). */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** CREATE DATABASE `name` on the server behind `adminUrl`; returns the new database's URL. Fails if it exists. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  assertSafeDbName(name);
  await withPgClient(adminUrl, 10_000, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return databaseUrlFor(adminUrl, name);
}

/** Terminates every other connection to `name`, then DROP DATABASE IF EXISTS. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertSafeDbName(name);
  await withPgClient(adminUrl, 10_000, async (c) => {
    for (let attempt = 1; ; attempt++) {
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        return;
      } catch (err) {
        // 55006 object_in_use: a client reconnected between the terminate and the drop.
        if (errorCode(err) !== '55006' || attempt >= 5) throw err;
        await sleep(200 * attempt);
      }
    }
  });
}
