// The ledger API's page and search statements as Postgres plans them, and prefixes wider than a searched page sorts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORT_CAP } from '@app/common/server/ledger/ledger-page-sql';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { ZLedgerPage, type TLedgerPage } from '@app/common/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { appendWithRows, getJson, ledgerRow as row } from '../helpers/ledger';

let t: TestApp;
const get = (url: string) => getJson(t, url);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('with rows', () => {
  beforeAll(() => appendWithRows(t));

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
