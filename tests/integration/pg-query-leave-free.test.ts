// pgQuery's `leaveFree`: statements that ask for it run at most the pool's max minus that many at once, the rest wait
// their turn in order, so other statements of the same pool still find a free connection; a wait past the pool's
// acquire timeout fails as a wait in the pool does.
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgQuery } from '@app/common/server/db';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await freshDatabase();
  // A pool of 3 leaving 2 free: one such statement at a time.
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 3 }, acquireConnectionTimeout: 1_500 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** A statement that takes `s` seconds and says when it ran, asking to leave two connections free. */
const sleeper = (s: number) =>
  pgQuery<{ began: Date; ended: Date }>(db, { text: 'SELECT clock_timestamp() AS began, pg_sleep($1::float8), clock_timestamp() AS ended', values: [s] }, { leaveFree: 2 });

describe('pgQuery leaving connections free', () => {
  it('runs such statements one after another in order while another statement finds a connection at once', async () => {
    const done: string[] = [];
    const sleepers = [0, 1, 2].map((i) => sleeper(0.2).then(([row]) => (done.push(`sleeper ${i}`), row!)));
    const other = db.raw('SELECT 1').then(() => done.push('other'));
    const rows = await Promise.all(sleepers);
    await other;
    expect(done).toEqual(['other', 'sleeper 0', 'sleeper 1', 'sleeper 2']);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.began.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.ended.getTime());
  });

  it('fails a wait longer than the acquire timeout, and the next statement still runs', async () => {
    const long = sleeper(2.5);
    await expect(sleeper(0)).rejects.toThrow(/Timeout acquiring a connection/);
    await long;
    expect(await sleeper(0)).toHaveLength(1);
  });
});
