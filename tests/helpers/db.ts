import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createDb } from '@app/common/server/db';
import { dropDatabase } from '../../scripts/lib/services';

/** A database cloned from the migrated template: a clean schema for one test file. */
export interface TestDatabase {
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/**
 * A test database's sessions (the app's, the workers', the test's own) commit without waiting for the WAL to reach the
 * disk: under load that wait was 5-14 ms of each commit against 1-2 ms. What each session sees is unchanged; only a
 * crash of the Postgres server could lose the last commits, and no test crashes it. A database setting, so processes
 * the tests spawn get it too (CREATE DATABASE ... TEMPLATE does not copy it, hence once per clone).
 */
export const ASYNC_COMMIT = 'ALTER DATABASE ?? SET synchronous_commit = off';

/** Clones the run's template database (fast: Postgres copies the files). */
export async function freshDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('templateDb');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = createDb(adminUrl, { poolMax: 1 });
  try {
    await admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, template]);
    await admin.raw(ASYNC_COMMIT, [name]);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolMax: 5 });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A Redis key prefix unique to one test file within the run's prefix. */
export function testRedisPrefix(): string {
  return `${inject('redisPrefix')}_${randomBytes(3).toString('hex')}`;
}

