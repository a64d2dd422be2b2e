import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateLatest } from '@app/common/server/db';
import { buildDonation, buildProgramPayment } from '../factories/index';
import { freshDatabase, type TestDatabase } from '../helpers/db';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t.drop();
});

it('payments paid before the refunds migration become refundable: their payment intents are taken from the inbox and the local sessions', async () => {
  // Back to before the refunds migration only (later migrations are independent of it).
  await t.db.migrate.down({ name: '20261123000200_refunds' });
  const donation = await buildDonation(t.db, { amount_cents: 5000, status: 'paid' });
  const program = await buildProgramPayment(t.db, { description: 'x', status: 'paid' });
  const session = { id: 'cs_test_old', payment_status: 'paid', payment_intent: 'pi_old', metadata: { kind: 'donation', row_id: donation!.id } };
  await t.db('stripe_events').insert([
    { id: 'evt_old_1', type: 'checkout.session.completed', payload: JSON.stringify({ id: 'evt_old_1', type: 'checkout.session.completed', data: { object: session } }) },
    { id: 'evt_old_2', type: 'checkout.session.expired', payload: JSON.stringify({ id: 'evt_old_2', type: 'checkout.session.expired', data: { object: { ...session, payment_intent: 'pi_other' } } }) },
  ]);
  await t.db('local_checkout_sessions').insert({ id: 'cs_test_local_abc', kind: 'program', row_id: program!.id, amount_cents: 249700, name: 'n', description: 'd', success_url: 's', cancel_url: 'c', status: 'complete', payment_status: 'paid' });

  await migrateLatest(t.db);
  const charges = await t.db('payment_charges').orderBy('payment_intent').select('payment_intent', 'kind', 'row_id');
  expect(charges).toEqual([
    { payment_intent: 'pi_local_abc', kind: 'program', row_id: program!.id },
    { payment_intent: 'pi_old', kind: 'donation', row_id: donation!.id },
  ]);
  const codes = await t.db('donations').union((q) => q.from('program_payments').select('receipt_code')).select('receipt_code');
  expect(codes.every((r: { receipt_code: string }) => /^[2-9A-HJ-NP-Z]{8}$/.test(r.receipt_code))).toBe(true);
});
