// The public ledger's answers as plain HTTP caching describes them: Cache-Control with a short max-age and
// stale-while-revalidate, an ETag, and 304 to a matching If-None-Match; never for an error or the live stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CACHE } from '@app/common/domain/ledger-http-cache';
import { ZLedgerPage, ZLedgerSummary } from '@app/common/schemas/ledger';
import type { NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { appendAndHear } from '../helpers/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/worker';

let serial = 0;
function row(investorId = `ADX${String(5000 + ++serial)}`): NewLedgerRow {
  return { investor_id: investorId, purchase_date: '2030-01-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' };
}

const PUBLIC = `public, max-age=${LEDGER_CACHE.maxAgeS}, stale-while-revalidate=${LEDGER_CACHE.staleWhileRevalidateS}`;
const URLS = ['/api/ledger/summary', '/api/ledger?pageSize=50', '/api/ledger?search=ADX5&page=1&pageSize=50'];

describe('HTTP caching of the public ledger', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    await eventually(async () => t.app.ledgerCache.active, 5_000, 'ledger cache listening');
    await appendAndHear(t, [row(), row()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const url of URLS) {
    it(`sends ${url} with Cache-Control and an ETag, and 304 with no body to a matching If-None-Match`, async () => {
      const first = await fetch(`${t.baseUrl}${url}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(PUBLIC);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w+/=-]{16,}"$/);
      await first.text();

      const again = await fetch(`${t.baseUrl}${url}`, { headers: { 'if-none-match': etag!, 'x-request-id': 'etag-test-0001' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(PUBLIC);
      // A 304 is still a response of the whole pipeline: the caller's request id and the security headers.
      expect(again.headers.get('x-request-id')).toBe('etag-test-0001');
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');

      const other = await fetch(`${t.baseUrl}${url}`, { headers: { 'if-none-match': '"something-else"' } });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).toBe(etag);
    });
  }

  it('gives the same answer the same ETag on every request, and a new one once the ledger changed', async () => {
    const tag = async (url: string) => (await fetch(`${t.baseUrl}${url}`)).headers.get('etag');
    for (const url of URLS) expect(await tag(url)).toBe(await tag(url));
    const before = await Promise.all(URLS.map(tag));
    const summary = ZLedgerSummary.parse(await (await fetch(`${t.baseUrl}/api/ledger/summary`)).json());
    await appendAndHear(t, [row('ADX5999')]);
    const after = await Promise.all(URLS.map(tag));
    after.forEach((etag, i) => expect(etag).not.toBe(before[i]));
    // The old ETag no longer matches: the new answer comes in full.
    const res = await fetch(`${t.baseUrl}/api/ledger?pageSize=50`, { headers: { 'if-none-match': before[1]! } });
    expect(res.status).toBe(200);
    expect(ZLedgerPage.parse(await res.json()).rows[0]?.investor_id).toBe('ADX5999');
    const now = await fetch(`${t.baseUrl}/api/ledger/summary`, { headers: { 'if-none-match': before[0]! } });
    expect(now.status).toBe(200);
    expect(ZLedgerSummary.parse(await now.json()).totalInvestors).toBe(summary.totalInvestors + 1);
  });

  it('lets nobody keep an error, the live stream or the CSV export', async () => {
    const invalid = await fetch(`${t.baseUrl}/api/ledger?page=0`);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('cache-control') ?? '').not.toMatch(/public|max-age/);
    const csv = await fetch(`${t.baseUrl}/api/ledger/export.csv`);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    await csv.text();
    const stream = await fetch(`${t.baseUrl}/api/ledger/stream`, { signal: AbortSignal.timeout(5_000) });
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    await stream.body?.cancel();
  });
});
