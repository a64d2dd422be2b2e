import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * A ledger cursor is read into a position (date, time, id) before any SQL sees it: whatever the text, GET /api/ledger
 * answers 200 for a real position and 400 with a message for anything else, never a database error.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.database.db.transaction(async (trx) => {
    await trx('token_purchases').insert([
      { investor_id: 'CUR0001', purchase_date: '2026-01-02', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'seed' },
      { investor_id: 'CUR0002', purchase_date: '2026-01-03', investment_amount_usd: '20.00', tokens_to_be_distributed: '200.00000000', source: 'seed' },
    ]);
    await appendToLog(trx);
  });
});
afterAll(async () => {
  await t?.close();
});

const pad = (n: number | bigint, width: number) => String(n).padStart(width, '0');

/** Whether y-m-d is a calendar day (Date as the independent judge: an impossible day rolls over into another). */
function realDay(y: number, m: number, d: number): boolean {
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return y >= 1000 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

const day = fc.record({ y: fc.integer({ min: 0, max: 9999 }), m: fc.integer({ min: 0, max: 19 }), d: fc.integer({ min: 0, max: 39 }) });
const cursorParts = fc.record({
  date: day,
  at: day,
  h: fc.integer({ min: 0, max: 29 }),
  mi: fc.integer({ min: 0, max: 69 }),
  s: fc.integer({ min: 0, max: 69 }),
  us: fc.integer({ min: 0, max: 999_999 }),
  id: fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
});

async function ask(param: 'after' | 'before', cursor: string) {
  return t.app.inject(`/api/ledger?page=2&pageSize=50&${param}=${encodeURIComponent(cursor)}`);
}

describe('ledger cursors', () => {
  it('the crafted cursor of the report answers 400 with a message', async () => {
    const res = await t.app.inject('/api/ledger?page=1&pageSize=50&after=1000-00-00_1000-00-00T00%3A00%3A00.000000Z_0&before=1000-00-00_1000-00-00T00%3A00%3A00.000000Z_0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cursor must be a position/);
  });

  it('cursors built from any date, time and id parts: 200 for a real position, else 400 naming the cursor', async () => {
    await fc.assert(
      fc.asyncProperty(cursorParts, fc.constantFrom('after' as const, 'before' as const), async (c, param) => {
        const cursor = `${pad(c.date.y, 4)}-${pad(c.date.m, 2)}-${pad(c.date.d, 2)}_${pad(c.at.y, 4)}-${pad(c.at.m, 2)}-${pad(c.at.d, 2)}T${pad(c.h, 2)}:${pad(c.mi, 2)}:${pad(c.s, 2)}.${pad(c.us, 6)}Z_${c.id}`;
        const real = realDay(c.date.y, c.date.m, c.date.d) && realDay(c.at.y, c.at.m, c.at.d) && c.h < 24 && c.mi < 60 && c.s < 60;
        const res = await ask(param, cursor);
        expect(res.statusCode, `${cursor}: ${res.body}`).toBe(real ? 200 : 400);
        if (!real) expect(res.json().fields[param]).toEqual(['cursor must be a position the API handed out']);
      }),
      { numRuns: 300, seed: 20_261_126 },
    );
  });

  it('any text as a cursor: 200 or 400, never a server error', async () => {
    const nearCursor = fc.tuple(fc.constantFrom('2026-01-03_2026-01-03T10:00:00.000000Z_1', '9999-12-31_9999-12-31T23:59:59.999999Z_999999999999999999'), fc.nat(40), fc.string({ maxLength: 3 })).map(([c, i, s]) => c.slice(0, i) + s + c.slice(i + s.length));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 60 }), nearCursor), fc.constantFrom('after' as const, 'before' as const), async (cursor, param) => {
        const res = await ask(param, cursor.replace(/[\uD800-\uDFFF]/g, 'x'));
        expect([200, 400], `${cursor}: ${res.body}`).toContain(res.statusCode);
      }),
      { numRuns: 200, seed: 20_261_126 },
    );
  });

  it('the cursors the API hands out lead through every page and back', async () => {
    const first = (await t.app.inject('/api/ledger?pageSize=1')).json();
    expect(first.rows[0].investor_id).toBe('CUR0002');
    const second = (await t.app.inject(`/api/ledger?pageSize=1&page=2&after=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(second.rows[0].investor_id).toBe('CUR0001');
    const back = (await t.app.inject(`/api/ledger?pageSize=1&page=1&before=${encodeURIComponent(second.prevCursor)}`)).json();
    expect(back.rows[0].investor_id).toBe('CUR0002');
  });
});
