// The ledger's hot answers (api/src/hot-answers.ts): the summary and the first page sent before the router once the
// full pipeline has made them, with the same status, headers and body, and never after the ledger has changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger.repository';
import { ZLedgerPage, ZLedgerSummary } from '@app/common/schemas/ledger';
import { appendAndHear } from '../helpers/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/worker';

let serial = 0;
function row(investorId = `ADX${String(5000 + ++serial)}`): NewLedgerRow {
  return { investor_id: investorId, purchase_date: '2030-01-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' };
}

/** A response's headers without the ones that differ per response. */
function stable(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['date', 'x-request-id', 'keep-alive', 'connection'].includes(name)) out[name] = value;
  });
  return out;
}

describe('hot ledger answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    await eventually(async () => t.app.ledgerCache.active, 5_000, 'ledger cache listening');
    await appendAndHear(t, [row(), row()]);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const url of ['/api/ledger/summary', '/api/ledger?pageSize=50']) {
    it(`sends ${url} from memory with the full pipeline's status, headers and body`, async () => {
      const first = await fetch(`${t.baseUrl}${url}`);
      const firstBody = await first.text();
      const before = t.app.hotAnswers.served;
      const again = await fetch(`${t.baseUrl}${url}`, { headers: { 'x-request-id': 'hot-answer-test-1' } });
      expect(t.app.hotAnswers.served).toBe(before + 1);
      expect(again.status).toBe(first.status);
      expect(stable(again)).toEqual(stable(first));
      expect(await again.text()).toBe(firstBody);
      // The caller's request id is honoured as on every other route; security headers are there.
      expect(again.headers.get('x-request-id')).toBe('hot-answer-test-1');
      expect(again.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }

  it('counts what it sends in /metrics', async () => {
    await fetch(`${t.baseUrl}/api/ledger/summary`);
    await fetch(`${t.baseUrl}/api/ledger/summary`);
    const metrics = await (await fetch(`${t.baseUrl}/metrics`)).text();
    const sent = Number(/^ledger_hot_answers_sent (\d+)$/m.exec(metrics)?.[1]);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBe(t.app.hotAnswers.served);
  });

  it('leaves requests with a cookie, other methods and other URLs to the full pipeline', async () => {
    await fetch(`${t.baseUrl}/api/ledger/summary`);
    const before = t.app.hotAnswers.served;
    expect((await fetch(`${t.baseUrl}/api/ledger/summary`, { headers: { cookie: 'adx_session=nothing' } })).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/ledger/summary`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/ledger/summary?x=1`)).status).toBe(200);
    expect(t.app.hotAnswers.served).toBe(before);
  });

  it('never sends an answer recorded before a ledger change', async () => {
    for (let round = 1; round <= 3; round++) {
      const summary = ZLedgerSummary.parse(await (await fetch(`${t.baseUrl}/api/ledger/summary`)).json());
      ZLedgerPage.parse(await (await fetch(`${t.baseUrl}/api/ledger?pageSize=50`)).json());
      const seen = t.app.ledgerCache.generation;
      const id = `ADX77${round}0`;
      await appendLedgerRows(t.database.db, [row(id)]);
      await eventually(async () => t.app.ledgerCache.generation > seen, 5_000, 'change notice');
      expect(ZLedgerSummary.parse(await (await fetch(`${t.baseUrl}/api/ledger/summary`)).json()).totalInvestors).toBe(summary.totalInvestors + 1);
      expect(ZLedgerPage.parse(await (await fetch(`${t.baseUrl}/api/ledger?pageSize=50`)).json()).rows[0]?.investor_id).toBe(id);
    }
  });

  it('stops answering from memory while the change notices cannot be heard', async () => {
    await fetch(`${t.baseUrl}/api/ledger/summary`);
    await t.database.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'adx-ledger-listener' AND datname = current_database()`);
    await eventually(async () => !t.app.ledgerCache.active, 5_000, 'listener lost');
    const before = t.app.hotAnswers.served;
    await appendLedgerRows(t.database.db, [row('ADX7999')]);
    const page = ZLedgerPage.parse(await (await fetch(`${t.baseUrl}/api/ledger?pageSize=50`)).json());
    expect(page.rows[0]?.investor_id).toBe('ADX7999');
    expect(t.app.hotAnswers.served).toBe(before);
  });
});
