import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { ZLedgerPage, ZLedgerSummary } from '@app/common/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { openEventStream, type EventStreamReader } from '../helpers/event-stream';
import { eventually } from '../helpers/worker';

// GET /api/ledger/stream (docs/decisions/0002-public-ledger-page-weight.md): the public ledger's live updates as server-sent events, fed by each process's
// one LISTEN ledger_changed connection. Two API instances on one database, as replicas behind the proxy are.

let serial = 0;
function row(): NewLedgerRow {
  serial++;
  return { investor_id: `ADX${String(5000 + serial).padStart(4, '0')}`, purchase_date: '2030-01-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' };
}

const CHANGED = 'event: changed\n';
const count = (text: string, what: string) => text.split(what).length - 1;

let a: TestApp;
let b: TestApp;
const open: EventStreamReader[] = [];
const stream = async (t: TestApp, headers: Record<string, string> = {}) => {
  const s = await openEventStream(`${t.baseUrl}/api/ledger/stream`, headers);
  open.push(s);
  await s.waitFor('\n\n', 5_000); // the opening bytes: the browser's EventSource is open
  return s;
};
const summary = async (t: TestApp) => ZLedgerSummary.parse(await (await fetch(`${t.baseUrl}/api/ledger/summary`)).json());
const firstPage = async (t: TestApp) => ZLedgerPage.parse(await (await fetch(`${t.baseUrl}/api/ledger`)).json());

beforeAll(async () => {
  a = await startTestApp({ listen: true });
  b = await startTestApp({ listen: true, database: a.database });
  for (const t of [a, b]) await eventually(async () => t.app.ledgerCache.active, 10_000, 'ledger cache listening');
}, 60_000);
afterAll(async () => {
  // Closing ends the streams from the server side (the browsers' side is a test of its own, below).
  await b?.close();
  await a?.close();
  for (const s of open) s.close();
});

describe('GET /api/ledger/stream', () => {
  it('is an anonymous, uncompressed, unbuffered event stream that opens at once', async () => {
    const s = await stream(a, { 'accept-encoding': 'gzip, deflate, br' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.text()).toMatch(/^retry: \d+\n/);
    expect(s.text()).not.toContain(CHANGED);
  });

  it('sends `changed` on every instance when a row is appended, after that instance dropped its cached answers', async () => {
    const streams = [await stream(a), await stream(a), await stream(b)];
    // Each instance holds the summary and first page in memory (and as hot answers) before the change.
    for (const t of [a, b]) for (let i = 0; i < 2; i++) expect((await summary(t)).totalInvestors).toBe(0);
    const marks = streams.map((s) => s.text().length);
    const newRow = row();
    await appendLedgerRows(a.database.db, [newRow]);
    await Promise.all(streams.map((s, i) => s.waitFor(CHANGED, 5_000, marks[i])));
    // Asked right after the event, each instance answers with the new row: no stale cached answer.
    for (const t of [a, b]) {
      expect((await summary(t)).totalInvestors).toBe(1);
      expect((await firstPage(t)).rows[0]?.investor_id).toBe(newRow.investor_id);
    }
    // One event per change (one statement), not one per row or per listener.
    for (const [i, s] of streams.entries()) expect(count(s.text().slice(marks[i]), CHANGED)).toBe(1);
  });

  it('sends one event per committed statement, however many rows it appends', async () => {
    const s = await stream(b);
    const mark = s.text().length;
    await appendLedgerRows(a.database.db, [row(), row(), row()]);
    await s.waitFor(CHANGED, 5_000, mark);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count(s.text().slice(mark), CHANGED)).toBe(1);
  });

  it('uses the one LISTEN connection of each process, however many browsers watch', async () => {
    for (let i = 0; i < 5; i++) await stream(a);
    const { rows } = (await a.database.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'adx-ledger-listener' AND datname = current_database()`)) as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(2);
  });

  it('tells its streams that the ledger may have changed when its lost LISTEN connection is back', async () => {
    const s = await stream(a);
    const mark = s.text().length;
    await a.database.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'adx-ledger-listener' AND datname = current_database()`);
    // Written while nobody listens: no notice will come for it; the reconnect's `changed` makes the page refetch.
    await eventually(async () => !a.app.ledgerCache.active, 5_000, 'listener lost');
    await appendLedgerRows(a.database.db, [row()]);
    await s.waitFor(CHANGED, 10_000, mark);
    expect((await summary(a)).totalInvestors).toBe(5);
    await eventually(async () => b.app.ledgerCache.active, 10_000, 'b listening again');
  });
});

describe('closing an instance', () => {
  it('ends its open streams, so the graceful close does not wait for them', async () => {
    const c = await startTestApp({ listen: true, database: a.database });
    const streams = [await stream(c), await stream(c)];
    const started = Date.now();
    await c.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const s of streams) await s.ended(2_000);
  });
});
