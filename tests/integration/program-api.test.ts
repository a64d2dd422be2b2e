// The cohort as data, read through a clock the test moves: what the API presents and sells before and after the
// demo cohort's start; the admins' cohort calls (audited); "notify me when enrolment opens" mailed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import { seedDemo } from '../../scripts/lib/seed';
import { composeMail } from '../../worker/src/mail/compose';
import type { RunningWorkers } from '../../worker/src/workers';

/** The test's clock: the seed and the app read it; the test moves it. Nothing here reads the machine's date. */
const T0 = new Date('2031-03-03T12:00:00Z');
let now = T0;
let t: TestApp;
let worker: RunningWorkers;
let admin: Client;

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  admin = await signInAs(t.app, t.database.db, 'cohort_admin', { admin: true });
  await seedDemo(t.database.db, T0);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const db = () => t.database.db;
const program = async () => (await anonymous(t.app).request('GET', '/api/program')).json();
const enroll = (kind: 'program' | 'sponsorship' = 'program') => anonymous(t.app).request('POST', '/api/payments/program', { kind });

describe('the demo cohort through a moving clock', () => {
  it('is seeded ahead of the clock it was seeded at, open for enrolment, and sold', async () => {
    const view = await program();
    expect(view.asOf).toBe(T0.toISOString());
    expect(view.next).toMatchObject({ number: 1, state: 'open', seats: 25, seatsFree: 25, priceCents: 249_700, weeks: 12, timeZone: 'America/New_York', sessionTime: '10:00' });
    expect(Date.parse(view.next.startsAt)).toBeGreaterThan(T0.getTime() + 40 * 86_400_000);
    expect(view.running).toBeNull();
    expect((await enroll()).statusCode).toBe(200);
    expect((await enroll('sponsorship')).statusCode).toBe(200);
    // A sponsorship takes no participant's seat.
    expect((await program()).next.seatsFree).toBe(24);
  });

  it('the TEST MODE checkout expires with its hold; opened after that, it closes and frees the seat', async () => {
    const res = await enroll();
    expect(res.statusCode).toBe(200);
    const id = String(res.json().url).split('/').pop()!;
    const local = await db()('local_checkout_sessions').where({ id }).first();
    expect(local.expires_at.getTime() - T0.getTime()).toBe(31 * 60_000);
    const held = (await program()).next.seatsFree;
    // Its time passes: the page says it is closed, and the expiry event frees the seat.
    await db()('local_checkout_sessions').where({ id }).update({ expires_at: db().raw("now() - interval '1 minute'") });
    const page = await t.app.inject({ method: 'GET', url: `/checkout/test/${id}` });
    expect(page.body).toContain('This checkout is closed');
    await eventually(async () => (await program()).next.seatsFree === held + 1, 20_000, 'the seat freed');
    const pay = await t.app.inject({ method: 'POST', url: `/checkout/test/${id}/pay`, remoteAddress: '10.88.0.1' });
    expect(pay.statusCode).toBe(303);
    expect((await db()('program_payments').where({ id: local.row_id }).first('status')).status).toBe('expired');
  });

  it('once its start is past, it is running: never next, never sold, and a paid enrolment mail says it started', async () => {
    const cohort = await db()('cohorts').first();
    now = new Date(cohort.starts_at.getTime() + 60_000);
    const view = await program();
    expect(view.next).toBeNull();
    expect(view.running).toMatchObject({ number: 1, state: 'running' });
    const refused = await enroll();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not open/);
    expect((await enroll('sponsorship')).statusCode).toBe(409);

    now = new Date(cohort.starts_at.getTime() + 13 * 7 * 86_400_000);
    expect(await program()).toMatchObject({ next: null, running: null });
  });

  it('a confirmation mail built after the start says the cohort started, not that it starts', async () => {
    // The mail reads the machine's time at send: move this cohort's start behind it, as the clock test moved the clock.
    const [payment] = await db()('program_payments').where({ kind: 'program' }).update({ status: 'paid', paid_at: db().fn.now(), payer_email: 'past@example.org' }).returning('id');
    await db()('cohorts').update({ starts_at: db().raw("now() - interval '1 day'"), starts_on: db().raw("(now() - interval '1 day')::date") });
    const mail = await composeMail(db(), { kind: 'payment-confirmed', paymentKind: 'program', paymentId: payment.id }, { productName: 'ADX Trust', publicUrl: 'http://localhost:3000' });
    expect(mail!.text).toContain('Started');
    expect(mail!.text).not.toMatch(/Starts\b/);
  });
});

describe('admins manage cohorts', () => {
  const input = (number: number, opens: Date, over: Record<string, unknown> = {}) => ({
    number,
    city: 'Atlanta',
    format: 'In person and on Discord',
    startsOn: '2031-09-06',
    sessionTime: '10:00',
    timeZone: 'America/New_York',
    weeks: 12,
    seats: 30,
    priceCents: 260_000,
    enrolmentOpensAt: opens.toISOString(),
    enrolmentClosesAt: '2031-09-01T00:00:00Z',
    ...over,
  });

  it('only admins call them; bad input is refused field by field; a duplicate number is a conflict', async () => {
    now = new Date('2031-05-01T00:00:00Z');
    const member = await signInAs(t.app, db(), 'cohort_member');
    expect((await member.request('GET', '/api/admin/cohorts')).statusCode).toBe(403);
    expect((await anonymous(t.app).request('POST', '/api/admin/cohorts', input(2, now))).statusCode).toBe(401);
    const bad = await admin.request('POST', '/api/admin/cohorts', input(2, now, { timeZone: 'Mars/Olympus', sessionTime: '25:00' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {})).toEqual(expect.arrayContaining(['timeZone', 'sessionTime']));
    expect((await admin.request('POST', '/api/admin/cohorts', input(1, now))).statusCode).toBe(409);
  });

  it('"notify me" is stored once per address, and mailed once when an admin opens the next cohort; both actions audited', async () => {
    expect(await program()).toMatchObject({ next: null });
    for (const email of ['wait@example.org', 'WAIT@example.org', 'other@example.org']) {
      const r = await anonymous(t.app).request('POST', '/api/program/notify', { email });
      expect(r.statusCode, r.body).toBe(202);
    }
    expect(await db()('cohort_notify_requests').count({ n: '*' }).first()).toEqual({ n: '2' });

    // Announced, enrolment not open yet: nobody is mailed.
    const created = await admin.request('POST', '/api/admin/cohorts', input(2, new Date('2031-06-01T00:00:00Z')));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ number: 2, state: 'upcoming', seatsTaken: 0, seatsHeld: 0, seatsFree: 30, notifyPending: 2, startsAt: '2031-09-06T14:00:00.000Z' });
    expect(await db()('cohort_notify_requests').whereNotNull('notified_at').count({ n: '*' }).first()).toEqual({ n: '0' });
    expect((await enroll()).statusCode).toBe(409);

    // The admin opens enrolment now.
    const id = created.json().id as string;
    const opened = await admin.request('PUT', `/api/admin/cohorts/${id}`, input(2, new Date('2031-04-30T00:00:00Z')));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ state: 'open', notifyPending: 0 });
    await eventually(async () => Number(((await db()('mail_outbox').where({ kind: 'cohort-open' }).count({ n: '*' }).first()) as { n: string }).n) === 2, 20_000, 'two notices');
    const mails = await db()('mail_outbox').where({ kind: 'cohort-open' }).orderBy('to_address');
    expect(mails.map((m: { to_address: string }) => m.to_address)).toEqual(['other@example.org', 'wait@example.org']);
    expect(mails[0].subject).toBe('Enrolment for cohort 2 is open');
    expect(mails[0].text_body).toContain('September 6, 2031');

    // Saving again mails nobody twice.
    expect((await admin.request('PUT', `/api/admin/cohorts/${id}`, input(2, new Date('2031-04-30T00:00:00Z'), { seats: 31 }))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await db()('mail_outbox').where({ kind: 'cohort-open' }).count({ n: '*' }).first()).toEqual({ n: '2' });

    const audits = await db()('security_audit_logs').whereIn('event_type', ['admin_cohort_created', 'admin_cohort_updated']).orderBy('id');
    expect(audits.map((r: { event_type: string }) => r.event_type)).toEqual(['admin_cohort_created', 'admin_cohort_updated', 'admin_cohort_updated']);
    expect(audits[1].user_id).toBe(admin.userId);
    expect(audits[1].details).toMatchObject({ cohort_id: id, before: { state: 'upcoming' }, after: { enrolmentOpensAt: '2031-04-30T00:00:00.000Z' } });
    expect((await program()).next).toMatchObject({ number: 2, state: 'open', seatsFree: 31 });
  });
});
