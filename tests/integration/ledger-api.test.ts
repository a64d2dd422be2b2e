import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORT_CAP } from '@app/common/server/ledger-page-sql';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger.repository';
import { ZLedgerPage, ZLedgerSummary, type TLedgerPage } from '@app/common/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/worker';

let t: TestApp;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function row(i: number, over: Partial<NewLedgerRow> = {}): NewLedgerRow {
  return {
    investor_id: `ADX${String(i).padStart(4, '0')}`,
    purchase_date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    investment_amount_usd: `${i}.25`,
    tokens_to_be_distributed: `${i}.12345678`,
    source: 'admin',
    ...over,
  };
}

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

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
  beforeAll(async () => {
    const rows = Array.from({ length: 120 }, (_, k) => row(k + 1));
    rows.push(row(7, { purchase_date: '2026-03-01', investment_amount_usd: '99999999999999.99', tokens_to_be_distributed: '12345678901234567890.12345678' }));
    const seen = t.app.ledgerCache.generation;
    expect(await appendLedgerRows(t.database.db, rows)).toBe(121);
    // The empty ledger's answers are cached until Postgres delivers the change notice (ledger-cache.test.ts).
    await eventually(async () => t.app.ledgerCache.generation > seen, 5_000, 'ledger change notice');
  });

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

  it('reads a deep page from its position, not by skipping the rows before it (keyset, no OFFSET)', async () => {
    const p1 = ZLedgerPage.parse((await get('/api/ledger?pageSize=10')).body);
    const p2 = ZLedgerPage.parse((await get(`/api/ledger?pageSize=10&page=2&after=${p1.nextCursor}`)).body);
    const queries: string[] = [];
    const onQuery = (q: { sql: string }) => queries.push(q.sql);
    t.app.db.on('query', onQuery);
    try {
      const p3 = ZLedgerPage.parse((await get(`/api/ledger?pageSize=10&page=3&after=${p2.nextCursor}`)).body);
      expect(p3.rows).toHaveLength(10);
    } finally {
      t.app.db.off('query', onQuery);
    }
    const page = queries.find((q) => /from "?token_purchases"?/i.test(q));
    expect(page).toBeDefined();
    expect(page).not.toMatch(/offset/i);
    expect(page).toMatch(/limit/i);
    // The plan: a range scan of the display-order index, stopping after one page (plus one row). A table of 121 rows
    // would be read sequentially, so sequential scans are switched off to see what a large table gets.
    const plan = await t.database.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      return (await trx.raw(
        `EXPLAIN (FORMAT JSON) SELECT investor_id FROM token_purchases WHERE (purchase_date, created_at, id) < ('2025-01-15'::date, now(), 100::bigint)
         ORDER BY purchase_date DESC, created_at DESC, id DESC LIMIT 11`,
      )) as { rows: Array<{ 'QUERY PLAN': unknown }> };
    });
    const text = JSON.stringify(plan.rows[0]?.['QUERY PLAN']);
    expect(text).toContain('token_purchases_order_idx');
    expect(text).not.toContain('"Sort"');
  });

  it('plans each unsearched page statement, as Postgres keeps it for every position, as a walk of the order index', async () => {
    // Unsearched pages are named statements: after a few runs Postgres may keep one generic plan for any position.
    // That plan must still read one page from the position in display order, not sort what comes after it.
    const p1 = ZLedgerPage.parse((await get('/api/ledger?pageSize=10')).body);
    const p2 = ZLedgerPage.parse((await get(`/api/ledger?pageSize=10&page=2&after=${p1.nextCursor}`)).body);
    const seen: Array<{ sql: string; bindings: unknown[] }> = [];
    const onQuery = (q: { sql: string; bindings: unknown[] }) => seen.push(q);
    t.app.db.on('query', onQuery);
    try {
      for (const url of [`/api/ledger?pageSize=7&page=3&after=${p2.nextCursor}`, `/api/ledger?pageSize=7&page=1&before=${p2.prevCursor}`]) {
        expect((await get(url)).status).toBe(200);
      }
    } finally {
      t.app.db.off('query', onQuery);
    }
    const statements = seen.filter((q) => /from "?token_purchases"?/i.test(q.sql) && q.bindings.length === 3);
    expect(statements).toHaveLength(2);
    for (const { sql, bindings } of statements) {
      const plan = await t.database.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw(`PREPARE ledger_plan_check AS ${sql}`);
        // EXECUTE takes no bind parameters: the position goes in as escaped literals.
        const execute = trx.raw('EXECUTE ledger_plan_check(?, ?, ?)', bindings as string[]).toQuery();
        const explained = (await trx.raw(`EXPLAIN (FORMAT JSON) ${execute}`)) as { rows: Array<{ 'QUERY PLAN': unknown }> };
        await trx.raw('DEALLOCATE ledger_plan_check');
        return JSON.stringify(explained.rows[0]?.['QUERY PLAN']);
      });
      expect(plan).toContain('token_purchases_order_idx');
      expect(plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
    }
  });

  it('plans each searched page statement once for any prefix, reading a bounded part of the investor-ID index', async () => {
    // Planning was most of a search's cost: searched pages are named statements too, whose plan is the same for any
    // prefix. Their candidates come from ledger_search_candidates, whose own plan must read at most
    // SEARCH_SORT_CAP + 1 index entries whatever was typed, even when made on a small table (as here).
    const p1 = ZLedgerPage.parse((await get('/api/ledger?search=adx&pageSize=10')).body);
    const p2 = ZLedgerPage.parse((await get(`/api/ledger?search=adx&pageSize=10&page=2&after=${p1.nextCursor}`)).body);
    const seen: Array<{ sql: string; name?: string }> = [];
    const onQuery = (q: { sql: string; name?: string }) => seen.push(q);
    t.app.db.on('query', onQuery);
    try {
      for (const url of ['/api/ledger?search=ADX0007&pageSize=7', `/api/ledger?search=adx&pageSize=7&page=3&after=${p2.nextCursor}`, `/api/ledger?search=adx&pageSize=7&page=1&before=${p2.prevCursor}`]) {
        expect((await get(url)).status).toBe(200);
      }
    } finally {
      t.app.db.off('query', onQuery);
    }
    expect(seen.map((q) => q.name)).toEqual(['ledger_search_batch_8', 'ledger_search_after_8', 'ledger_search_before_8']);
    for (const { sql } of seen) expect(sql).toMatch(new RegExp(`ledger_search_candidates\\([^)]*, ${SEARCH_SORT_CAP + 1}\\)`));

    // The function's query, planned as Postgres plans it inside the function: under the function's own settings.
    const fn = (await t.database.db.raw("SELECT proconfig, prosrc FROM pg_proc WHERE proname = 'ledger_search_candidates'")) as { rows: Array<{ proconfig: string[]; prosrc: string }> };
    const { proconfig, prosrc } = fn.rows[0]!;
    expect(proconfig).toContain('plan_cache_mode=force_generic_plan');
    const query = /RETURN QUERY ([^;]+);/.exec(prosrc)![1]!.replace(/\blo\b/, '$1').replace(/\bhi\b/, '$2').replace(/\bcap\b/, '$3');
    const plan = await t.database.db.transaction(async (trx) => {
      for (const setting of proconfig) {
        const [name, value] = setting.split('=');
        await trx.raw(`SET LOCAL ${name} = ${value}`);
      }
      await trx.raw(`PREPARE candidates_check(text, text, integer) AS ${query}`);
      // The widest prefix there is: every ID from 'A' up to 'Z'.
      const explained = (await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE candidates_check('A', '[', ${SEARCH_SORT_CAP + 1})`)) as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> };
      await trx.raw('DEALLOCATE candidates_check');
      return explained.rows[0]!['QUERY PLAN'][0]!.Plan;
    });
    // A Limit over an ordered walk of the investor_id index, nothing else: no bitmap of every match, no sort.
    expect(plan['Node Type']).toBe('Limit');
    const scan = plan.Plans![0]!;
    expect(scan).toMatchObject({ 'Node Type': 'Index Scan', 'Index Name': 'token_purchases_investor_id_idx' });
    expect(scan.Plans).toBeUndefined();
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

describe('a prefix with more matches than a searched page sorts', () => {
  // Prefixes with SEARCH_SORT_CAP - 1, SEARCH_SORT_CAP, SEARCH_SORT_CAP + 1 and 2.5 x SEARCH_SORT_CAP matches: below,
  // at and above what the bounded search statement sorts itself (above it, the page is planned for the prefix).
  const sizes = { WIDA: SEARCH_SORT_CAP - 1, WIDB: SEARCH_SORT_CAP, WIDC: SEARCH_SORT_CAP + 1, WIDD: Math.round(SEARCH_SORT_CAP * 2.5) };
  beforeAll(async () => {
    const rows = Object.entries(sizes).flatMap(([prefix, n]) =>
      Array.from({ length: n }, (_, k) => row(k, { investor_id: `${prefix}${String(k).padStart(4, '0')}`, purchase_date: `2024-${String((k % 12) + 1).padStart(2, '0')}-${String(((k * 7) % 28) + 1).padStart(2, '0')}` })),
    );
    expect(await appendLedgerRows(t.database.db, rows)).toBe(rows.length);
  });

  async function expected(prefix: string): Promise<string[]> {
    const rows = (await t.database.db('token_purchases').where('investor_id', 'like', `${prefix}%`).orderBy([{ column: 'purchase_date', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).select('investor_id')) as Array<{ investor_id: string }>;
    return rows.map((r) => r.investor_id);
  }

  it('pages every match in display order, forwards and back, with the right total', async () => {
    for (const [prefix, n] of Object.entries(sizes).concat([['WID', Object.values(sizes).reduce((a, b) => a + b, 0)], ['WIDD01', 100]])) {
      const want = await expected(prefix);
      expect(want, prefix).toHaveLength(n);
      const pages: TLedgerPage[] = [ZLedgerPage.parse((await get(`/api/ledger?search=${prefix.toLowerCase()}&pageSize=40`)).body)];
      while (pages.at(-1)!.nextCursor) {
        const last = pages.at(-1)!;
        pages.push(ZLedgerPage.parse((await get(`/api/ledger?search=${prefix}&pageSize=40&page=${last.page + 1}&after=${last.nextCursor}`)).body));
      }
      expect(pages.flatMap((p) => p.rows.map((r) => r.investor_id)), prefix).toEqual(want);
      for (const p of pages) expect(p.total, prefix).toBe(n);
      // Back from the last page, one page at a time.
      const back: string[][] = [];
      let at = pages.at(-1)!;
      while (at.prevCursor) {
        at = ZLedgerPage.parse((await get(`/api/ledger?search=${prefix}&pageSize=40&page=${at.page - 1}&before=${at.prevCursor}`)).body);
        expect(at.total, prefix).toBe(n);
        back.unshift(at.rows.map((r) => r.investor_id));
      }
      expect(back, prefix).toEqual(pages.slice(0, -1).map((p) => p.rows.map((r) => r.investor_id)));
    }
  });

  it('answers searches that arrive together with one statement, each with its own page', async () => {
    const searches = ['WIDA', 'widb', 'WIDC', 'WIDD01', 'WID', 'NOPE', 'WIDA0007', 'ADX0007'];
    const alone = [];
    for (const s of searches) alone.push((await get(`/api/ledger?search=${s}&pageSize=30`)).body);
    const seen: Array<{ name?: string }> = [];
    const onQuery = (q: { name?: string }) => seen.push(q);
    t.app.db.on('query', onQuery);
    let together;
    try {
      together = await Promise.all(searches.map(async (s) => (await get(`/api/ledger?search=${s}&pageSize=30`)).body));
    } finally {
      t.app.db.off('query', onQuery);
    }
    expect(together).toEqual(alone);
    const batches = seen.filter((q) => q.name === 'ledger_search_batch_31').length;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThan(searches.length / 2);
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
