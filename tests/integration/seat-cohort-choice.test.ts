// Enroll holds a seat of the cohort the pages present (the earliest not yet started whose enrolment is open), chosen
// by the seat statement itself: not an announced cohort starting sooner, not a later open one while it is full; and
// the payment and the checkout describe that cohort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';
import { buildCohort } from '../factories/index';

const DAY = 86_400_000;
const T0 = new Date('2031-05-05T12:00:00Z');
const iso = (ms: number) => new Date(T0.getTime() + ms).toISOString();
const day = (d: number) => new Date(T0.getTime() + d * DAY).toISOString().slice(0, 10);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock: () => T0 });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const enroll = () => anonymous(t.app).request('POST', '/api/payments/program', { kind: 'program' });
const program = async () => (await anonymous(t.app).request('GET', '/api/program')).json();

describe('the cohort an Enroll call holds a seat of', () => {
  it('is the one /api/program presents, and a full one refuses while a later one has seats', async () => {
    // Starts first, enrolment not open yet: announced, not sold.
    await buildCohort(db(), { number: 7, startsOn: day(20), enrolmentOpensAt: iso(DAY), enrolmentClosesAt: iso(10 * DAY) }, T0);
    const open = await buildCohort(db(), { number: 8, city: 'Atlanta', weeks: 10, seats: 1, startsOn: day(40), enrolmentOpensAt: iso(-DAY), enrolmentClosesAt: iso(30 * DAY) }, T0);
    await buildCohort(db(), { number: 9, startsOn: day(60), enrolmentOpensAt: iso(-DAY), enrolmentClosesAt: iso(50 * DAY) }, T0);
    expect((await program()).next).toMatchObject({ number: 8, state: 'open' });

    const res = await enroll();
    expect(res.statusCode).toBe(200);
    const payment = (await db()('program_payments').where({ kind: 'program' }).first()) as { id: string; cohort_id: string; description: string; amount_cents: string };
    expect(payment).toMatchObject({ cohort_id: open.id, description: 'Enrollment in cohort 8 of the 10-week business incubator program.' });
    expect(Number(payment.amount_cents)).toBe(Number(open.price_cents));
    const local = (await db()('local_checkout_sessions').where({ row_id: payment.id }).first()) as { id: string; name: string; description: string };
    expect(String(res.json().url).endsWith(`/checkout/test/${local.id}`)).toBe(true);
    expect(local).toMatchObject({ name: 'I Am The Business — cohort 8, 10-week incubator', description: `Enrollment in cohort 8 (Atlanta), starting ${day(40)}.` });
    expect((await db()('program_payments').where({ id: payment.id }).first('checkout_session_id')).checkout_session_id).toBe(local.id);

    // Its one seat is held: cohort 8 is full, and cohort 9's seats are not sold in its place.
    const refused = await enroll();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This cohort is full');
    expect(await db()('program_payments').where({ kind: 'program' }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('is none when no enrolment is open: "not open", and nothing written', async () => {
    await db()('cohorts').update({ enrolment_closes_at: iso(-1000), enrolment_opens_at: iso(-2 * DAY) });
    const res = await enroll();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not open right now/);
    expect(await db()('program_payments').where({ kind: 'program' }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });
});
