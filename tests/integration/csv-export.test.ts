import { describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { appendToLog, rootAt } from '@app/common/server/ledger/tlog.repository';
import { fromHex, leafHashOf, rootOf, toHex } from '@app/common/domain/tlog';
import { deliver, inboxDrained, startDonation, useStripeSite } from '../helpers/payments';
import { startTestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';
import { eventually } from '../helpers/worker';

const site = useStripeSite({ tokensPerDollar: '100' });

const lines = (body: string) => body.trimEnd().split('\n');

describe('CSV exports', () => {
  it('the public ledger: the rows of the search, in the page order, refunds marked; streamed past one cursor batch', async () => {
    await appendLedgerRows(
      site.t.database.db,
      Array.from({ length: 2500 }, (_, i) => ({ investor_id: `ZZX${String(i).padStart(5, '0')}`, purchase_date: '2026-01-02', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'seed' as const })),
    );
    const s = site.stripe.pay((await startDonation(site.t, site.stripe, 2500)).id);
    await deliver(site.t, site.stripe.event('checkout.session.completed', s));
    await deliver(site.t, site.stripe.sign(site.stripe.refund(s.id)));
    await eventually(() => inboxDrained(site.t.database.db));
    const investor = ((await site.t.database.db('donations').where({ id: s.metadata.row_id }).first()) as { investor_id: string }).investor_id;

    const all = await anonymous(site.t.app).request('GET', '/api/ledger/export.csv');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toBe('attachment; filename="token-ledger.csv"');
    expect(lines(all.body)).toHaveLength(1 + 2502);
    expect(lines(all.body)[0]).toBe('Investor ID,Purchase Date,Investment Amount (USD),Tokens to be Distributed,Entry,kind,reverses_log_index,log_index,leaf_hash');
    // The export alone recomputes the log: every row's leaf from its fields, the root from the leaves in log order.
    const exported = lines(all.body).slice(1).map((l) => l.split(','));
    const byIndex = exported.map((c) => ({ index: Number(c[7]), leaf: c[8]!, fields: c })).sort((a, b) => a.index - b.index);
    expect(byIndex.map((r) => r.index)).toEqual(Array.from({ length: 2502 }, (_, i) => i));
    for (const { leaf, fields: c } of byIndex) {
      expect(toHex(leafHashOf({ investor_id: c[0]!, purchase_date: c[1]!, investment_amount_usd: c[2]!, tokens_to_be_distributed: c[3]!, kind: c[5]!, reverses_index: c[6] ? Number(c[6]) : null }))).toBe(leaf);
    }
    expect(toHex(rootOf(byIndex.map((r) => fromHex(r.leaf))))).toBe(toHex(await rootAt(site.t.database.db, 2502)));

    const one = await anonymous(site.t.app).request('GET', `/api/ledger/export.csv?search=${investor.toLowerCase()}`);
    expect(lines(one.body).slice(1).map((l) => l.replace(/[0-9a-f]{64}$/, ''))).toEqual([
      `${investor},${new Date().toISOString().slice(0, 10)},-25.00,-2500.00000000,reversal,reversal,2500,2501,`,
      `${investor},${new Date().toISOString().slice(0, 10)},25.00,2500.00000000,refunded purchase,donation,,2500,`,
    ]);
    const page = (await anonymous(site.t.app).request('GET', '/api/ledger?search=ZZX0001&pageSize=100')).json() as { rows: Array<{ investor_id: string }> };
    const csv = lines((await anonymous(site.t.app).request('GET', '/api/ledger/export.csv?search=ZZX0001')).body).slice(1);
    expect(csv.map((l) => l.split(',')[0])).toEqual(page.rows.map((r) => r.investor_id));
    expect((await anonymous(site.t.app).request('GET', '/api/ledger/export.csv?search=%3Dx')).statusCode).toBe(400);
  });

  it('the admin payments list: every page with the filters, formula-looking payer names defused, admins only', async () => {
    const res = await site.t.app.inject({ method: 'POST', url: '/api/payments/donations', payload: { amount: 1300, donorName: '=HYPERLINK("x")' }, remoteAddress: '10.77.0.1' });
    expect(res.statusCode).toBe(200);
    const admin = await signInAs(site.t.app, site.t.database.db, 'csv_admin', { admin: true });
    const csv = await admin.request('GET', '/api/admin/payments/export.csv?kind=donation&status=pending');
    expect(csv.statusCode).toBe(200);
    const rows = lines(csv.body);
    expect(rows[0]).toBe('Kind,Payment ID,Created,Paid,Status,Amount (USD),Refunded (USD),Dispute,Investor ID,Payer');
    expect(rows.slice(1).every((l) => l.startsWith('donation,') && l.includes(',pending,'))).toBe(true);
    expect(rows.some((l) => l.endsWith(`,"'=HYPERLINK(""x"")"`))).toBe(true);
    const listed = (await admin.request('GET', '/api/admin/payments?kind=donation&status=pending&pageSize=200')).json();
    expect(rows).toHaveLength(1 + listed.total);
    expect((await signInAs(site.t.app, site.t.database.db, 'csv_member').then((m) => m.request('GET', '/api/admin/payments/export.csv'))).statusCode).toBe(403);
  });
});

describe('CSV export and the connection pool', () => {
  it('a download abandoned mid-stream gives its connection back: more aborted downloads than the pool holds, then the API still answers', { timeout: 60_000 }, async () => {
    const served = await startTestApp({ listen: true });
    try {
      await served.database.db.transaction(async (trx) => {
        await trx.raw(`INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source)
          SELECT 'ABX' || lpad(g::text, 6, '0'), date '2026-02-03', 1, 10, 'seed' FROM generate_series(0, 19999) AS g`);
        await appendToLog(trx);
      });
      for (let i = 0; i < 15; i++) {
        const abort = new AbortController();
        const res = await fetch(`${served.baseUrl}/api/ledger/export.csv`, { signal: abort.signal, headers: { 'x-forwarded-for': `10.88.0.${i}` } });
        const reader = res.body!.getReader();
        await reader.read(); // the first bytes arrived: the COPY is running
        abort.abort();
        await reader.cancel().catch(() => undefined);
      }
      const started = Date.now();
      const summary = await fetch(`${served.baseUrl}/api/ledger/summary`, { signal: AbortSignal.timeout(10_000) });
      expect(summary.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      const full = await fetch(`${served.baseUrl}/api/ledger/export.csv?search=ABX01`);
      expect((await full.text()).trimEnd().split('\n')).toHaveLength(1 + 10_000);
    } finally {
      await served.close();
    }
  });
});
