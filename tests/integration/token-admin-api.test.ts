import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLedgerRows } from '../factories/index';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs, type Client } from '../helpers/session';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, t.database.db, 'ledger_admin', { admin: true });
});
afterAll(async () => {
  await t.close();
});

describe('token admin', () => {
  it('adds a record: investor id upper-cased, exact decimals, audited, on the public ledger', async () => {
    const res = await admin.request('POST', '/api/admin/purchases', {
      investor_id: ' adx0777 ',
      purchase_date: '2025-10-04',
      investment_amount_usd: '1234.56',
      tokens_to_be_distributed: '12345.60000001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ investor_id: 'ADX0777', purchase_date: '2025-10-04', investment_amount_usd: '1234.56', tokens_to_be_distributed: '12345.60000001', source: 'admin' });
    const list = (await admin.request('GET', '/api/admin/purchases')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0].created_at).toEqual(expect.any(String));
    const pub = (await t.app.inject('/api/ledger?search=ADX0777')).json();
    expect(pub.total).toBe(1);
    expect(await t.database.db('security_audit_logs').where({ event_type: 'admin_add_purchase', user_id: admin.userId })).toHaveLength(1);
  });

  it('says "Please fill in all required fields" for a missing field', async () => {
    const res = await admin.request('POST', '/api/admin/purchases', { investor_id: 'ADX1', purchase_date: '2025-10-04', investment_amount_usd: '', tokens_to_be_distributed: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.investment_amount_usd).toEqual(['Please fill in all required fields']);
  });

  it('refuses more than 8 token decimals, non-numbers and impossible dates', async () => {
    for (const body of [
      { tokens_to_be_distributed: '1.123456789' },
      { investment_amount_usd: '12,50' },
      { purchase_date: '2025-02-30' },
    ]) {
      const res = await admin.request('POST', '/api/admin/purchases', { investor_id: 'ADX2', purchase_date: '2025-01-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '1', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses members with "Admin access required"', async () => {
    const member = await signInAs(t.app, t.database.db, 'not_admin');
    const res = await member.request('POST', '/api/admin/purchases', { investor_id: 'ADX3', purchase_date: '2025-01-01', investment_amount_usd: '1', tokens_to_be_distributed: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Admin access required');
  });
});

describe('token admin paging', () => {
  it('pages through every record on the server (not only the first 500), with the count of all of them', async () => {
    const before = (await admin.request('GET', '/api/admin/purchases?pageSize=1')).json().total as number;
    await buildLedgerRows(t.database.db, 520, () => ({ purchase_date: '2024-01-01', investment_amount_usd: '1.00', tokens_to_be_distributed: '10', source: 'admin' }), 'ADXP');
    const seen = new Set<string>();
    let page = 1;
    for (;;) {
      const res = await admin.request('GET', `/api/admin/purchases?page=${page}&pageSize=200`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { rows: Array<{ id: string }>; total: number; page: number; pageSize: number };
      expect(body).toMatchObject({ total: before + 520, page, pageSize: 200 });
      for (const r of body.rows) seen.add(r.id);
      if (body.rows.length < 200) break;
      page += 1;
    }
    expect(seen.size).toBe(before + 520);
    expect((await admin.request('GET', '/api/admin/purchases?pageSize=201')).statusCode).toBe(400);
  });
});
