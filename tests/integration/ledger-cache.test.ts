import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { ZLedgerPage, ZLedgerSummary } from '@app/common/schemas/ledger';
import { appendAndHear } from '../helpers/ledger';
import { freePort, startTestApp, type TestApp } from '../helpers/app';
import { freshDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db';
import { spawnApiProcess, type ServiceProcess } from '../helpers/processes';
import { eventually } from '../helpers/worker';

let serial = 0;
function row(over: Partial<NewLedgerRow> = {}): NewLedgerRow {
  serial++;
  return {
    investor_id: `ADX${String(9000 + serial).padStart(4, '0')}`,
    purchase_date: '2030-01-01',
    investment_amount_usd: '10.00',
    tokens_to_be_distributed: '100.00000000',
    source: 'admin',
    ...over,
  };
}

describe('one API process', () => {
  let t: TestApp;
  const queries: string[] = [];
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json() as unknown;

  beforeAll(async () => {
    t = await startTestApp();
    t.app.db.on('query', (q: { sql: string }) => queries.push(q.sql));
    await eventually(async () => t.app.ledgerCache.active, 5_000, 'ledger cache listening');
    await appendAndHear(t, [row(), row()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the summary and the first page from memory after the first request', async () => {
    await get('/api/ledger/summary');
    await get('/api/ledger');
    queries.length = 0;
    for (let i = 0; i < 5; i++) {
      expect(ZLedgerSummary.parse(await get('/api/ledger/summary')).totalInvestors).toBe(2);
      expect(ZLedgerPage.parse(await get('/api/ledger')).rows).toHaveLength(2);
    }
    // The site's content revision is read on a timer of its own (SiteRevisionWatcher, every 5 s), which a slow
    // machine can reach during these ten requests; it is no read of the ledger.
    expect(queries.filter((sql) => !/^select "revision" from "site_revision"/.test(sql))).toEqual([]);
    // A search is not cached.
    await get('/api/ledger?search=ADX9');
    expect(queries.length).toBeGreaterThan(0);
  });

  it('drops them when the ledger changes', async () => {
    await appendAndHear(t, [row({ investor_id: 'ADX7777' })]);
    expect(ZLedgerSummary.parse(await get('/api/ledger/summary')).totalInvestors).toBe(3);
    expect(ZLedgerPage.parse(await get('/api/ledger')).rows.map((r) => r.investor_id)).toContain('ADX7777');
  });

  it('reads Postgres while the listening connection is lost, and caches again once it is back', async () => {
    await t.database.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'adx-ledger-listener' AND datname = current_database()`);
    await eventually(async () => !t.app.ledgerCache.active, 5_000, 'listener lost');
    // A row written while nobody listens is still seen.
    await appendLedgerRows(t.database.db, [row({ investor_id: 'ADX8888' })]);
    queries.length = 0;
    expect(ZLedgerSummary.parse(await get('/api/ledger/summary')).totalInvestors).toBe(4);
    expect(queries.length).toBeGreaterThan(0);
    await eventually(async () => t.app.ledgerCache.active, 10_000, 'listener back');
    await get('/api/ledger/summary');
    queries.length = 0;
    expect(ZLedgerSummary.parse(await get('/api/ledger/summary')).totalInvestors).toBe(4);
    expect(queries).toEqual([]);
  });

  it('answers an unsearched deep page from memory too, and drops it when the ledger changes', async () => {
    const first = ZLedgerPage.parse(await get('/api/ledger?pageSize=1'));
    const second = `/api/ledger?pageSize=1&page=2&after=${encodeURIComponent(first.nextCursor!)}`;
    const before = ZLedgerPage.parse(await get(second));
    expect(before.rows).toHaveLength(1);
    queries.length = 0;
    for (let i = 0; i < 5; i++) expect(ZLedgerPage.parse(await get(second))).toEqual(before);
    expect(queries).toEqual([]);
    await appendAndHear(t, [row({ investor_id: 'ADX6666', purchase_date: '2020-01-01' })]);
    const after = ZLedgerPage.parse(await get(second));
    expect(after.total).toBe(before.total + 1);
    expect(queries.length).toBeGreaterThan(0);
  });
});

describe('two API processes on one database', () => {
  let database: TestDatabase;
  const apis: Array<{ url: string; proc: ServiceProcess }> = [];

  beforeAll(async () => {
    database = await freshDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: testRedisPrefix(), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      apis.push({ url: `http://127.0.0.1:${port}`, proc: spawnApiProcess({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }) });
    }
    for (const a of apis) await eventually(async () => (await fetch(`${a.url}/readyz`).catch(() => null))?.status === 200, 90_000, `${a.url} ready`);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.proc.stop()));
    await database?.drop();
  }, 60_000);

  const json = async (url: string) => (await fetch(url)).json() as Promise<unknown>;

  it('shows a new row in the next response of every replica', async () => {
    for (let round = 1; round <= 3; round++) {
      // Each replica has the current answers in memory...
      for (const a of apis) {
        for (let i = 0; i < 3; i++) {
          expect(ZLedgerSummary.parse(await json(`${a.url}/api/ledger/summary`)).totalInvestors).toBe(round - 1);
          await json(`${a.url}/api/ledger`);
        }
      }
      const id = `ADX60${round}0`;
      await appendLedgerRows(database.db, [row({ investor_id: id })]);
      // ...and sees the new row as soon as Postgres's change notice reaches it: Postgres sends it to every listener as
      // the writer commits, so this is usually the very next request; on a loaded machine the notice can trail the
      // commit by a few milliseconds, never by a poll interval of the old data.
      for (const a of apis) {
        const started = Date.now();
        await eventually(
          async () => ZLedgerSummary.parse(await json(`${a.url}/api/ledger/summary`)).totalInvestors === round && ZLedgerPage.parse(await json(`${a.url}/api/ledger`)).rows[0]?.investor_id === id,
          1_000,
          `${a.url} showing ${id}`,
        );
        expect(Date.now() - started).toBeLessThan(1_000);
      }
    }
  });
});
