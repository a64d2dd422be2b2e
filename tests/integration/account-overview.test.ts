import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { statementYears } from '@app/common/server/account.repository';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs, type Client } from '../helpers/session';
import { buildDonation, buildProgramPayment } from '../factories/index';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const paidIn = (iso: string) => ({ status: 'paid', paid_at: new Date(iso), created_at: new Date(iso) });

/** The account page's first answer reads every part (holdings, years, payments, claimable) in one statement. */
describe('the account overview', () => {
  let member: Client;
  const ids = { own: 'OVA0001', donated: 'OVC0001', invested: 'OVB0001', other: 'OVZ0001' };
  beforeAll(async () => {
    member = await signInAs(t.app, db(), 'overview_member', { email: 'Overview@Example.org' });
    const stranger = await signInAs(t.app, db(), 'overview_stranger', { email: 'stranger.overview@example.org' });
    // Their own investor ID, and two more they paid under (anonymous checkouts get IDs of their own).
    await db()('investors').insert([
      { investor_id: ids.own, user_id: member.userId },
      { investor_id: ids.donated, user_id: null },
      { investor_id: ids.invested, user_id: null },
      { investor_id: ids.other, user_id: stranger.userId },
    ]);
    // Years across the three tables with gaps: 2026 (donation), 2024 (enrolment), 2021 (investment). A pending
    // payment, a failed one and someone else's do not give a year.
    await buildDonation(db(), { user_id: member.userId, ...paidIn('2026-03-01T10:00:00.123456Z'), wants_adx_tokens: true, adx_tokens: '250', tokens_per_dollar: '10', investor_id: ids.donated });
    await buildProgramPayment(db(), { user_id: member.userId, ...paidIn('2024-12-31T23:59:59.999999Z') });
    await db()('investments').insert({ user_id: member.userId, amount_cents: 100_000, adx_tokens: '10000', tokens_per_dollar: '10', payment_status: 'paid', investor_id: ids.invested, paid_at: new Date('2021-01-01T00:00:00Z'), created_at: new Date('2021-01-01T00:00:00Z') });
    await buildDonation(db(), { user_id: member.userId, status: 'pending', created_at: new Date('2019-05-05T00:00:00Z') });
    await buildDonation(db(), { user_id: member.userId, status: 'failed', paid_at: new Date('2018-05-05T00:00:00Z'), created_at: new Date('2018-05-05T00:00:00Z') });
    await buildDonation(db(), { user_id: stranger.userId, ...paidIn('2017-01-01T00:00:00Z'), investor_id: ids.other });
    // Signed out with the member's address (any case): two count, a failed checkout does not.
    await buildDonation(db(), { payer_email: 'overview@example.org', ...paidIn('2025-01-01T00:00:00Z') });
    await buildProgramPayment(db(), { payer_email: 'OVERVIEW@example.org', ...paidIn('2025-01-02T00:00:00Z') });
    await buildDonation(db(), { payer_email: 'overview@example.org', status: 'failed' });
    const row = (investor_id: string, tokens: string, i: number) => ({ investor_id, purchase_date: '2026-01-05', investment_amount_usd: '10.00', tokens_to_be_distributed: tokens, source: 'seed' as const, payment_reference: `overview-${investor_id}-${i}` });
    await appendLedgerRows(db(), [row(ids.own, '100.5', 1), row(ids.own, '0.25', 2), row(ids.invested, '10000', 3), row(ids.other, '7', 4)]);
  });

  it('answers the holdings per investor ID, the years with statements, the newest payments and the claimable count', async () => {
    const res = await member.request('GET', '/api/account');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.holdings).toEqual({
      total_tokens: '10100.75',
      investors: [
        { investor_id: ids.own, tokens: '100.75', rows: 2 },
        { investor_id: ids.invested, tokens: '10000', rows: 1 },
        { investor_id: ids.donated, tokens: '0', rows: 0 },
      ],
    });
    expect(body.statement_years).toEqual([2026, 2024, 2021]);
    expect(body.claimable).toBe(2);
    expect(body.page.next).toBeNull();
    expect(body.page.payments.map((p: { kind: string; status: string; date: string }) => [p.kind, p.status, p.date])).toEqual([
      ['donation', 'paid', '2026-03-01T10:00:00.123Z'],
      ['program', 'paid', '2024-12-31T23:59:59.999Z'],
      ['investment', 'paid', '2021-01-01T00:00:00.000Z'],
      ['donation', 'pending', '2019-05-05T00:00:00.000Z'],
    ]);
    expect(body.page.payments[0]).toMatchObject({ amount_cents: 1000, refunded_cents: 0, tokens: '250.00000000', tokens_per_dollar: '10', investor_id: ids.donated });
    // The years alone (the mailed receipts page reads them by address: there, the payments made signed out).
    expect(await statementYears(db(), { userId: member.userId! })).toEqual([2026, 2024, 2021]);
    expect(await statementYears(db(), { email: 'overview@example.org' })).toEqual([2025]);
  });

  it('shows a refund on the next answer', async () => {
    const first = (await member.request('GET', '/api/account')).json();
    const donation = first.page.payments[0] as { id: string };
    await db()('payment_charges').insert({ payment_intent: 'pi_overview_refund', kind: 'donation', row_id: donation.id, refunded_cents: 400 });
    await db()('donations').where({ id: donation.id }).update({ status: 'partially_refunded' });
    const next = (await member.request('GET', '/api/account')).json();
    expect(next.page.payments[0]).toMatchObject({ id: donation.id, status: 'partially_refunded', refunded_cents: 400 });
  });

  it('pages after the first page with the cursor the overview gives', async () => {
    for (let i = 0; i < 30; i++) await buildDonation(db(), { user_id: member.userId, ...paidIn(`2027-01-01T00:${String(i).padStart(2, '0')}:00Z`) });
    const overview = (await member.request('GET', '/api/account')).json();
    expect(overview.page.payments).toHaveLength(25);
    expect(overview.statement_years).toEqual([2027, 2026, 2024, 2021]);
    const rest = (await member.request('GET', `/api/account/payments?cursor=${overview.page.next}`)).json();
    const all = [...overview.page.payments, ...rest.payments].map((p: { id: string }) => p.id);
    expect(all).toHaveLength(34);
    expect(new Set(all).size).toBe(34);
  });
});
