import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';

/**
 * Every CSV export opened the way a spreadsheet opens it (each cell read whole, quotes undone): no cell may start with
 * one of OWASP's six formula characters (= + - @, tab, carriage return) unless it is a plain number, which a
 * spreadsheet reads as a number (a refund's -25.00). Hostile values go in through the API where it lets them (an admin's
 * investor ID, a donor name, an e-mail address) and straight into the table where it does not (a leading tab or CR,
 * which the text cleaning now removes but older rows may hold).
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, t.database.db, 'csv_formula_admin', { admin: true });
});
afterAll(async () => {
  await t?.close();
});

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cells a spreadsheet would run as formulas. */
function liveFormulas(csv: string): string[] {
  const rows = parse(csv, { relax_quotes: false }) as string[][];
  expect(rows.length).toBeGreaterThan(1);
  return rows.flat().filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell));
}

async function download(url: string, who: Client = admin): Promise<string> {
  const res = await who.request('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
}

/** Every cell of the file, as a spreadsheet reads it. */
const cells = (csv: string) => (parse(csv) as string[][]).flat();

describe('formula-safe CSV exports', () => {
  it('the public ledger: investor IDs an admin typed come out inert', async () => {
    for (const id of ['-1-1', '-A1-B1']) {
      const res = await admin.request('POST', '/api/admin/purchases', { investor_id: id, purchase_date: '2026-01-05', investment_amount_usd: '10.00', tokens_to_be_distributed: '100' });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.database.db.transaction(async (trx) => {
      await trx('token_purchases').insert(['\t=1+1', '\r@SUM(A1)', '=CMD()', '+1+1'].map((investor_id) => ({ investor_id, purchase_date: '2026-01-04', investment_amount_usd: '1.00', tokens_to_be_distributed: '10.00000000', source: 'seed' })));
      await appendToLog(trx);
    });
    const csv = await download('/api/ledger/export.csv', anonymous(t.app));
    expect(liveFormulas(csv)).toEqual([]);
    expect(cells(csv)).toEqual(expect.arrayContaining(["'-1-1", "'-A1-B1", "'\t=1+1", "'\r@SUM(A1)", "'=CMD()", "'+1+1"]));
  });

  it('the admin payments list: payer names and investor IDs come out inert', async () => {
    const names = ['=HYPERLINK("x")', '+SUM(1)', '-2+3', '@cmd'];
    for (const donorName of names) {
      const res = await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 500, donorName });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [older] = (await t.database.db('donations').where({ donor_name: '@cmd' }).update({ donor_name: '\t=1+1', investor_id: '-1-1' }).returning('id')) as Array<{ id: string }>;
    expect(older).toBeDefined();
    await t.database.db('donations').where({ donor_name: '-2+3' }).update({ donor_name: '\r=2' });
    const csv = await download('/api/admin/payments/export.csv');
    expect(liveFormulas(csv)).toEqual([]);
    expect(cells(csv)).toEqual(expect.arrayContaining([`'=HYPERLINK("x")`, "'+SUM(1)", "'\t=1+1", "'\r=2", "'-1-1"]));
  });

  it('the form submissions: e-mail addresses, members and addresses come out inert', async () => {
    const long = 'We bake bread for the neighbourhood and train two apprentices every single year.';
    for (const email of ['-2+3@example.org', '+1@example.org']) {
      const res = await anonymous(t.app).request('POST', '/api/forms/feedback', { name: '=1+1', email, type: 'feedback', subject: 'Opening hours', message: long });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.database.db('form_submissions').insert([
      { form: 'feedback', payload: { name: 'x' }, email: '=CMD()@example.org', ip_address: '@1' },
      { form: 'consultation', payload: { name: 'y' }, email: '\t=1@example.org', ip_address: '\r-1' },
    ]);
    const csv = await download('/api/admin/submissions/export.csv');
    expect(liveFormulas(csv)).toEqual([]);
    expect(cells(csv)).toEqual(expect.arrayContaining(["'-2+3@example.org", "'+1@example.org", "'=CMD()@example.org", "'\t=1@example.org", "'@1", "'\r-1"]));
    const feedback = await download('/api/admin/submissions/export.csv?form=feedback');
    expect((parse(feedback) as string[][]).slice(1).every((row) => row[0] === 'feedback')).toBe(true);
    expect((await anonymous(t.app).request('GET', '/api/admin/submissions/export.csv')).statusCode).toBe(401);
  });

  it('the newsletter subscribers: addresses come out inert', async () => {
    for (const email of ['-2+3@example.org', '+news@example.org']) {
      const res = await anonymous(t.app).request('POST', '/api/newsletter/subscribe', { email });
      expect(res.statusCode, res.body).toBe(202);
    }
    await t.database.db('newsletter_subscribers').insert([
      { email: '=cmd@example.org', unsubscribe_token: 'csv-formula-token-1' },
      { email: '\r@x@example.org', unsubscribe_token: 'csv-formula-token-2' },
    ]);
    const csv = await download('/api/admin/newsletter/subscribers/export.csv');
    expect(liveFormulas(csv)).toEqual([]);
    expect(cells(csv)).toEqual(expect.arrayContaining(["'-2+3@example.org", "'+news@example.org", "'=cmd@example.org", "'\r@x@example.org"]));
    expect((await signInAs(t.app, t.database.db, 'csv_formula_member').then((m) => m.request('GET', '/api/admin/newsletter/subscribers/export.csv'))).statusCode).toBe(403);
  });
});
