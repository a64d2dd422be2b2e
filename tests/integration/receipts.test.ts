import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';
import { buildCohort } from '../factories/index';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
  await buildCohort(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const CODE = /^[2-9A-HJ-NP-Z]{8}$/;
const sessionOf = (url: string) => stripe.sessions.get(url.split('/').pop()!)!;

it('each payment has a receipt code: on the bank line, the provider receipt and the success page; the payer e-mail goes to Checkout', async () => {
  const member = await signInAs(t.app, t.database.db, 'receipt_member', { email: 'payer@example.org' });
  const donation = sessionOf((await member.request('POST', '/api/payments/donations', { amount: 3000, wantsAdxTokens: true })).json().url);
  const program = sessionOf((await anonymous(t.app).request('POST', '/api/payments/program', { kind: 'program' })).json().url);
  const investment = sessionOf((await member.request('POST', '/api/payments/investments', { amount: 500 })).json().url);

  const codes = await Promise.all([
    t.database.db('donations').where({ id: donation.metadata.row_id }).first('receipt_code'),
    t.database.db('program_payments').where({ id: program.metadata.row_id }).first('receipt_code'),
    t.database.db('investments').where({ id: investment.metadata.row_id }).first('receipt_code'),
  ]).then((rows) => rows.map((r) => (r as { receipt_code: string }).receipt_code));
  expect(codes.every((c) => CODE.test(c))).toBe(true);
  expect(new Set(codes).size).toBe(3);
  for (const [s, code] of [[donation, codes[0]], [program, codes[1]], [investment, codes[2]]] as const) {
    expect(s.statement_descriptor_suffix).toBe(code);
    expect(s.payment_intent_description).toBe(`Receipt ${code}`);
  }
  expect(donation.customer_email).toBe('payer@example.org');
  expect(program.customer_email).toBeNull();

  stripe.pay(donation.id);
  stripe.pay(investment.id);
  const verified = (await anonymous(t.app).request('POST', '/api/payments/verify', { session_id: donation.id })).json();
  expect(verified).toMatchObject({ status: 'paid', receipt_code: codes[0] });
  const mine = (await member.request('POST', '/api/payments/investments/verify', { session_id: investment.id })).json();
  expect(mine.investment).toMatchObject({ payment_status: 'paid', receipt_code: codes[2] });
  // Each receipt names its ledger row's place in the transparency log, the row the proofs are asked for.
  const logIndexOf = async (session: string) =>
    Number(((await t.database.db('ledger_log as l').join('token_purchases as p', 'p.id', 'l.purchase_id').where('p.payment_reference', session).first('l.log_index')) as { log_index: string }).log_index);
  expect(verified.log_index).toBe(await logIndexOf(donation.id));
  expect(mine.log_index).toBe(await logIndexOf(investment.id));
  expect(verified.log_index).not.toBe(mine.log_index);
  const programVerified = (await anonymous(t.app).request('POST', '/api/payments/verify', { session_id: program.id })).json();
  expect(programVerified.log_index).toBeNull();
});
