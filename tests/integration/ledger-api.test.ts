import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { ZLedgerPage, ZLedgerSummary } from '@app/common/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { appendWithRows, getJson, ledgerRow as row } from '../helpers/ledger';

let t: TestApp;
const get = (url: string) => getJson(t, url);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('empty ledger', () => {
  it('answers zero totals and no rows', async () => {
    const s = await get('/api/ledger/summary');
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ totalInvestors: 0, totalInvestmentUsd: '0.00', totalTokens: '0.00000000' });
    const p = await get('/api/ledger');
    expect(p.body).toEqual({ rows: [], total: 0, page: 1, pageSize: 50, search: '', nextCursor: null, prevCursor: null });
  });
});

describe('with rows', () => {
  beforeAll(() => appendWithRows(t));

  it('summarises exactly, in SQL, without float loss', async () => {
    const s = ZLedgerSummary.parse((await get('/api/ledger/summary')).body);
    // 121 records by 120 investors: ADX0007 bought twice, and a repeat investor is one investor.
    expect(s.totalInvestors).toBe(120);
    // Expected sums in integer units (cents, 1e-8 tokens): sum of i.25 and i.12345678 for i = 1..120, plus the big row.
    const fixed = (units: bigint, scale: number) => {
      const str = units.toString().padStart(scale + 1, '0');
      return `${str.slice(0, -scale)}.${str.slice(-scale)}`;
    };
    const n = 120n;
    const sumI = (n * (n + 1n)) / 2n;
    expect(s.totalInvestmentUsd).toBe(fixed(sumI * 100n + n * 25n + 9999999999999999n, 2));
    expect(s.totalTokens).toBe(fixed(sumI * 100000000n + n * 12345678n + 1234567890123456789012345678n, 8));
  });

  it('pages newest purchase first, 50 a page by default', async () => {
    const p1 = ZLedgerPage.parse((await get('/api/ledger')).body);
    expect(p1.rows).toHaveLength(50);
    expect(p1.total).toBe(121);
    expect(p1.rows[0]).toMatchObject({ investor_id: 'ADX0007', purchase_date: '2026-03-01', investment_amount_usd: '99999999999999.99' });
    const dates = p1.rows.map((r) => r.purchase_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(p1.prevCursor).toBeNull();
    const p2 = ZLedgerPage.parse((await get(`/api/ledger?page=2&after=${p1.nextCursor}`)).body);
    expect(p2).toMatchObject({ page: 2, total: 121 });
    const p3 = ZLedgerPage.parse((await get(`/api/ledger?page=3&after=${p2.nextCursor}`)).body);
    expect(p3.rows).toHaveLength(21);
    expect(p3.nextCursor).toBeNull();
    const all = new Set([...p1.rows, ...p2.rows, ...p3.rows].map((r) => JSON.stringify(r)));
    expect(all.size).toBe(121);
    const ordered = [...p1.rows, ...p2.rows, ...p3.rows].map((r) => r.purchase_date);
    expect([...ordered].sort().reverse()).toEqual(ordered);
    // Back from page 3 gives page 2 again; back from page 2 is page 1.
    const back2 = ZLedgerPage.parse((await get(`/api/ledger?page=2&before=${p3.prevCursor}`)).body);
    expect(back2.rows).toEqual(p2.rows);
    expect(back2).toMatchObject({ page: 2, nextCursor: p2.nextCursor, prevCursor: p2.prevCursor });
    const back1 = ZLedgerPage.parse((await get(`/api/ledger?page=1&before=${p2.prevCursor}`)).body);
    expect(back1).toMatchObject({ rows: p1.rows, page: 1, prevCursor: null, nextCursor: p1.nextCursor });
  });

  it('refuses a cursor it did not hand out', async () => {
    for (const cursor of ['2025-01-01_x_1', '2025-02-30_2025-01-01T00:00:00.000000Z_1', '2025-01-01_2025-01-01T25:00:00.000000Z_1', '0000-01-01_2025-01-01T00:00:00.000000Z_1']) {
      const res = await get(`/api/ledger?after=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe('Invalid query: cursor must be a position the API handed out');
    }
  });

  it('searches by investor-ID prefix, case-insensitive, counting every match', async () => {
    const exact = ZLedgerPage.parse((await get('/api/ledger?search=adx0007')).body);
    expect(exact.total).toBe(2);
    expect(exact.rows.map((r) => r.investor_id)).toEqual(['ADX0007', 'ADX0007']);
    const part = ZLedgerPage.parse((await get('/api/ledger?search=adx001&pageSize=5')).body);
    expect(part.total).toBe(10); // ADX0010..ADX0019
    expect(part.rows).toHaveLength(5);
    const last = ZLedgerPage.parse((await get(`/api/ledger?search=adx001&pageSize=5&page=2&after=${part.nextCursor}`)).body);
    expect(last.total).toBe(10);
    expect(last.nextCursor).toBeNull();
    const first3 = ZLedgerPage.parse((await get('/api/ledger?search=adx001&pageSize=3')).body);
    const middle = ZLedgerPage.parse((await get(`/api/ledger?search=adx001&pageSize=3&page=2&after=${first3.nextCursor}`)).body);
    expect(middle).toMatchObject({ total: 10, page: 2 });
    expect(middle.rows).toHaveLength(3);
    const inside = ZLedgerPage.parse((await get('/api/ledger?search=0007')).body);
    expect(inside.total).toBe(0); // a prefix match: the code starts with what was typed
    const none = ZLedgerPage.parse((await get('/api/ledger?search=ADX9999')).body);
    expect(none).toMatchObject({ rows: [], total: 0 });
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await get('/api/ledger?search=%25');
    expect(res.status).toBe(400);
  });

  it('refuses bad query parameters with a clear 400', async () => {
    const cases: Array<[string, string]> = [
      ['/api/ledger?page=0', 'page must be at least 1'],
      ['/api/ledger?page=abc', 'page must be a number'],
      ['/api/ledger?page=1.5', 'page must be a whole number'],
      ['/api/ledger?pageSize=1000', 'pageSize must be at most 100'],
      ['/api/ledger?search=' + 'A'.repeat(40), 'search must be at most 32 characters'],
      ['/api/ledger?search=ADX%27%3B--', 'search may contain only letters, digits and dashes'],
    ];
    for (const [url, msg] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(`Invalid query: ${msg}`);
      expect(res.body.error).toBe('Bad Request');
      expect(typeof res.body.requestId).toBe('string');
    }
  });

  it('keeps the ledger append-only', async () => {
    await expect(t.database.db('token_purchases').update({ investment_amount_usd: '1.00' }).where({ investor_id: 'ADX0001' })).rejects.toThrow(/append-only/);
    await expect(t.database.db('token_purchases').where({ investor_id: 'ADX0001' }).delete()).rejects.toThrow(/append-only/);
  });

  it('ignores a replayed payment reference', async () => {
    const r = row(500, { payment_reference: 'cs_test_replay', source: 'investment' });
    expect(await appendLedgerRows(t.database.db, [r])).toBe(1);
    expect(await appendLedgerRows(t.database.db, [r, r])).toBe(0);
    expect(ZLedgerPage.parse((await get('/api/ledger?search=ADX0500')).body).total).toBe(1);
  });
});

describe('routing', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'No route GET /api/nope' });
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abcdef123456' } });
    expect(res.headers['x-request-id']).toBe('abcdef123456');
    const gen = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(gen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/ledger', '/api/ledger/summary', '/healthz', '/readyz']));
    expect(paths['/api/ledger']?.get?.parameters?.map((p) => p.name)).toEqual(['search', 'page', 'pageSize', 'after', 'before']);
  });
});
