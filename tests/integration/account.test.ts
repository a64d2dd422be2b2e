import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '@app/common/domain/signed-link';
import { linkSecretOf } from '@app/common/server/link-secret';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import { buildDonation, buildProgramPayment } from '../factories/index';
import { createMailer } from '../../worker/src/mail/mailer';
import type { RunningWorkers } from '../../worker/src/workers';

let t: TestApp;
let worker: RunningWorkers;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  // The worker shares the API's storage (it stores the PDFs the API serves) and its link secret (development key).
  const mailer = createMailer({ MAIL_FROM: 'ADX Trust <hello@adx.example>', PRODUCT_NAME: 'ADX Trust', PUBLIC_URL: 'http://localhost:3000', LEDGER_SIGNING_KEY: t.config.LEDGER_SIGNING_KEY });
  worker = await startTestWorker(db(), t.config.REDIS_PREFIX, { storage: t.app.storage, mailer });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** The token of the newest link of `kind` mailed to `to`. */
async function mailedToken(to: string, kind: 'receipts-link' | 'account-claim'): Promise<string> {
  let text = '';
  await eventually(async () => {
    const row = (await db()('mail_outbox').where({ to_address: to, kind }).orderBy('created_at', 'desc').first('text_body')) as { text_body: string } | undefined;
    text = row?.text_body ?? '';
    return Boolean(row);
  }, 15_000, `a ${kind} mail to ${to}`);
  const m = /(?:receipts\?token=|claim=)([A-Za-z0-9_.%-]+)/.exec(text);
  return decodeURIComponent(m![1]!);
}

const paid = { status: 'paid', paid_at: new Date() };

describe('a member', () => {
  let member: Client;
  beforeAll(async () => {
    member = await signInAs(t.app, db(), 'account_pager', { email: 'pager@example.org' });
  });

  it('pages their own payments newest first with a keyset cursor, without failed checkouts or anyone else’s', async () => {
    const other = await signInAs(t.app, db(), 'account_other', { email: 'other@example.org' });
    const base = Date.parse('2026-06-01T12:00:00Z');
    const at = (i: number) => new Date(base + i * 60_000);
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await buildDonation(db(), { user_id: member.userId, ...paid, created_at: at(i) })).id);
    // Two payments in the same microsecond: the id breaks the tie, so neither is skipped nor shown twice.
    const same = new Date(base + 10 * 60_000);
    mine.push((await buildProgramPayment(db(), { user_id: member.userId, kind: 'sponsorship', created_at: same })).id);
    mine.push((await buildDonation(db(), { user_id: member.userId, created_at: same })).id);
    await buildDonation(db(), { user_id: member.userId, status: 'expired', created_at: at(20) });
    await buildDonation(db(), { user_id: other.userId, ...paid, created_at: at(30) });

    const seen: Array<{ id: string; date: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await member.request('GET', `/api/account/payments?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { payments: Array<{ id: string; date: string }>; next: string | null };
      seen.push(...page.payments);
      cursor = page.next;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((p) => p.id).sort()).toEqual([...mine].sort());
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect(seen[seen.length - 1]!.id).toBe(mine[0]);

    const overview = (await member.request('GET', '/api/account')).json();
    expect(overview.page.payments).toHaveLength(7);
    expect(overview.statement_years).toEqual([2026]);
    // The other member sees one payment: their own.
    expect((await other.request('GET', '/api/account')).json().page.payments).toHaveLength(1);
  });

  it('downloads a PDF receipt of their payment (rendered once by the worker), never another member’s', async () => {
    const inv = await db()('investments')
      .insert({ user_id: member.userId, amount_cents: 123_400, adx_tokens: '12340', tokens_per_dollar: '10', payment_status: 'paid', paid_at: new Date('2026-07-04T10:00:00Z') })
      .returning(['id', 'receipt_code']);
    const { id, receipt_code } = inv[0] as { id: string; receipt_code: string };
    const res = await member.request('GET', `/api/account/payments/investment/${id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'receipt-'));
    writeFileSync(path.join(dir, 'r.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(receipt_code);
    expect(text).toContain('$1,234.00');
    expect(text).toContain('July 4, 2026');
    expect(text).toContain('12,340 ADX');
    const stranger = await signInAs(t.app, db(), 'account_stranger', { email: 'stranger@example.org' });
    expect((await stranger.request('GET', `/api/account/payments/investment/${id}/receipt`)).statusCode).toBe(404);
    expect((await anonymous(t.app).request('GET', `/api/account/payments/investment/${id}/receipt`)).statusCode).toBe(401);
    // The public file route never serves a stored receipt.
    expect((await anonymous(t.app).request('GET', `/files/receipts/payments/investment-${id}/paid.pdf`)).statusCode).toBe(404);
    const statement = await member.request('GET', '/api/account/statements/2026');
    expect(statement.statusCode).toBe(200);
    expect(statement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a donor without an account', () => {
  it('reads only their own payments with the mailed link; an altered or expired link is refused', async () => {
    const mine = await buildDonation(db(), { payer_email: 'donor@example.org', ...paid });
    await buildDonation(db(), { payer_email: 'someone-else@example.org', ...paid });
    const theirs = await buildProgramPayment(db(), { payer_email: 'someone-else@example.org', ...paid });

    const ask = await anonymous(t.app).request('POST', '/api/receipts/link', { email: 'Donor@Example.org' });
    expect(ask.statusCode).toBe(202);
    // An address that never paid hears the same and gets no mail.
    const unknown = await anonymous(t.app).request('POST', '/api/receipts/link', { email: 'nobody@example.org' });
    expect(unknown.json()).toEqual(ask.json());
    expect(ask.body).not.toContain('token');
    const token = await mailedToken('donor@example.org', 'receipts-link');

    const page = await anonymous(t.app).request('GET', `/api/receipts?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().email).toBe('donor@example.org');
    expect(page.json().page.payments.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    const pdf = await anonymous(t.app).request('GET', `/api/receipts/payments/donation/${mine.id}/receipt?token=${encodeURIComponent(token)}`);
    expect(pdf.statusCode).toBe(200);
    expect((await anonymous(t.app).request('GET', `/api/receipts/payments/program/${theirs.id}/receipt?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);

    const [body, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...claims, e: 'someone-else@example.org' })).toString('base64url')}.${sig}`;
    expect((await anonymous(t.app).request('GET', `/api/receipts?token=${encodeURIComponent(altered)}`)).statusCode).toBe(403);
    const flipped = `${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await anonymous(t.app).request('GET', `/api/receipts?token=${encodeURIComponent(flipped)}`)).statusCode).toBe(403);
    const expired = signLink(linkSecretOf(t.config), { p: 'receipts', e: 'donor@example.org', x: Date.now() - 1000 });
    expect((await anonymous(t.app).request('GET', `/api/receipts?token=${encodeURIComponent(expired)}`)).statusCode).toBe(410);
    // A claim link is no receipts link.
    const claim = signLink(linkSecretOf(t.config), { p: 'claim', e: 'donor@example.org', x: Date.now() + 60_000 });
    expect((await anonymous(t.app).request('GET', `/api/receipts?token=${encodeURIComponent(claim)}`)).statusCode).toBe(403);
  });

  it('claims payments made signed out into the account only through the link mailed to that address', async () => {
    const gift = await buildDonation(db(), { payer_email: 'claimer@example.org', ...paid });
    const member = await signInAs(t.app, db(), 'account_claimer', { email: 'claimer@example.org' });
    const before = (await member.request('GET', '/api/account')).json();
    expect(before.claimable).toBe(1);
    expect(before.page.payments).toHaveLength(0);

    // Someone whose account has another address cannot take them: their link names their own address.
    const impostor = await signInAs(t.app, db(), 'account_impostor', { email: 'impostor@example.org' });
    expect((await impostor.request('POST', '/api/account/claim')).statusCode).toBe(202);
    const impostorToken = await mailedToken('impostor@example.org', 'account-claim');
    expect((await impostor.request('POST', '/api/account/claim/confirm', { token: impostorToken })).json()).toEqual({ claimed: 0 });

    expect((await member.request('POST', '/api/account/claim')).statusCode).toBe(202);
    const token = await mailedToken('claimer@example.org', 'account-claim');
    // The link works for the member it was mailed to only.
    expect((await impostor.request('POST', '/api/account/claim/confirm', { token })).statusCode).toBe(403);
    expect((await member.request('POST', '/api/account/claim/confirm', { token })).json()).toEqual({ claimed: 1 });
    const after = (await member.request('GET', '/api/account')).json();
    expect(after.claimable).toBe(0);
    expect(after.page.payments.map((p: { id: string }) => p.id)).toEqual([gift.id]);
  });
});
