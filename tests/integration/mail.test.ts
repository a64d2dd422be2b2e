import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '@app/common/server/mail/enqueue';
import type { FakeStripe } from '../fakes/stripe';
import { payProgram, textOf, toOf, useMailSites, type Site } from '../helpers/mail';
import { deliver } from '../helpers/payments';
import { anonymous, signInAs } from '../helpers/session';
import type { TestSmtp } from '../helpers/smtp';
import { eventually } from '../helpers/worker';
import { formatCohortDate, formatCohortTime } from '@app/common/domain/cohorts';

const formA = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'Grace@Example.org',
  phone: '555-123-4567',
  businessIdea: 'A compiler school for neighbourhood kids, taught on Saturdays in the library.',
  commitment: true,
  termsAccepted: true,
};

const sites = useMailSites({ outboxOnly: true });
let stripe: FakeStripe;
let smtp: TestSmtp;
let relayed: Site;
let outboxOnly: Site;
beforeAll(() => {
  ({ stripe, smtp, relayed } = sites);
  outboxOnly = sites.outboxOnly!;
});

describe('mail over SMTP', () => {
  it('a paid program event delivered ten times sends one confirmation, with both parts, to the payer, with the start date', async () => {
    const session = await payProgram(relayed, 'mail_payer', 'payer@example.org', 10);
    await eventually(async () => smtp.messages.some((m) => toOf(m).includes('payer@example.org')), 20_000, 'the confirmation');
    // Let any duplicate jobs run out before counting.
    await eventually(async () => (await relayed.t.app.queues.mail.getJobCounts('waiting', 'active', 'delayed')).waiting === 0, 10_000, 'an idle mail queue');
    await new Promise((r) => setTimeout(r, 1_000));
    const mine = smtp.messages.filter((m) => toOf(m).includes('payer@example.org'));
    expect(mine).toHaveLength(1);
    const m = mine[0]!;
    expect(m.subject).toBe('Your enrolment in I Am The Business is confirmed');
    expect(m.from?.text).toContain('hello@adx.example');
    expect(m.replyTo?.text).toContain('team@adx.example');
    // The start of the cohort the payment enrolled in, in its time zone (the cohorts table, not a constant).
    const cohort = await relayed.t.database.db('cohorts').first();
    const start = formatCohortDate(cohort.starts_at.toISOString(), cohort.time_zone);
    expect(textOf(m)).toContain(`${start}, ${formatCohortTime(cohort.starts_at.toISOString(), cohort.time_zone)}`);
    expect(textOf(m)).toContain('$2,497.00');
    expect(m.html).toContain(start);
    expect(m.html).toContain('<table'); // built from React Email components, not a bare string
    const row = await relayed.t.database.db('program_payments').where({ checkout_session_id: session.id }).first();
    expect(row.status).toBe('paid');
    const outbox = await relayed.t.database.db('mail_outbox').where({ to_address: 'payer@example.org' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'payment-confirmed', transport: 'smtp' });
    expect(outbox[0].sent_at).not.toBeNull();

    // Asked again after the job has left BullMQ's history (trimmed at 5,000): the outbox key still holds.
    await (await relayed.t.app.queues.mail.getJob(`payment-confirmed-${row.id as string}`))!.remove();
    await enqueueMail(relayed.t.app.queues, { kind: 'payment-confirmed', paymentKind: 'program', paymentId: row.id });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.messages.filter((x) => toOf(x).includes('payer@example.org'))).toHaveLength(1);
  });

  it('donation thanks with investor ID and ledger link, and an investment receipt with the Important Information', async () => {
    const site = relayed.t;
    const donor = await signInAs(site.app, site.database.db, 'mail_donor', { email: 'donor@example.org' });
    const investor = await signInAs(site.app, site.database.db, 'mail_investor', { email: 'investor@example.org' });
    const d = await donor.request('POST', '/api/payments/donations', { amount: 2500, donorName: 'Ada', wantsAdxTokens: true });
    const i = await investor.request('POST', '/api/payments/investments', { amount: 500 });
    expect([d.statusCode, i.statusCode]).toEqual([200, 200]);
    for (const url of [d.json().url, i.json().url] as string[]) {
      const e = stripe.event('checkout.session.completed', stripe.pay(url.split('/').pop()!));
      await deliver(site.app, e);
    }
    await eventually(async () => ['donor@example.org', 'investor@example.org'].every((a) => smtp.messages.some((m) => toOf(m).includes(a))), 20_000, 'both receipts');
    const donation = smtp.messages.find((m) => toOf(m).includes('donor@example.org'))!;
    const donationRow = await site.database.db('donations').where({ user_id: donor.userId }).first();
    expect(donation.subject).toBe('Thank you for your donation');
    expect(textOf(donation)).toContain('$25.00');
    // The code on the bank line and the PDF receipt, and the signed link to the payer's receipts page.
    expect(textOf(donation)).toContain(donationRow.receipt_code);
    expect(textOf(donation)).toMatch(/http:\/\/localhost:3000\/receipts\?token=[\w%.-]+/);
    expect(textOf(donation)).toContain(donationRow.investor_id);
    expect(textOf(donation)).toContain('ADX tokens: 250 ADX');
    expect(donation.html).toContain(`/token-ledger?search=${donationRow.investor_id}`);
    // The receipts name their ledger row's log index and link to its verification.
    const logIndex = async (session: string) =>
      Number(((await site.database.db('ledger_log as l').join('token_purchases as p', 'p.id', 'l.purchase_id').where('p.payment_reference', session).first('l.log_index')) as { log_index: string }).log_index);
    const donationIndex = await logIndex(donationRow.checkout_session_id);
    expect(textOf(donation)).toContain(`Ledger row: #${donationIndex}`);
    expect(donation.html).toContain(`/token-ledger?verify=${donationIndex}`);
    const receipt = smtp.messages.find((m) => toOf(m).includes('investor@example.org'))!;
    const inv = await site.database.db('investments').where({ user_id: investor.userId }).first();
    expect(receipt.subject).toBe('Your ADX investment receipt');
    expect(textOf(receipt)).toContain('$500.00');
    expect(textOf(receipt)).toContain('ADX tokens allocated: 5,000 ADX');
    expect(textOf(receipt)).toContain(inv.investor_id);
    expect(textOf(receipt)).toContain('Payment status: Paid');
    expect(receipt.html).toContain(`/token-ledger?verify=${await logIndex(inv.checkout_session_id)}`);
    expect(textOf(receipt)).toContain('Pre-launch tokens convert to official tokens at launch on the blockchain');
    expect(receipt.html).toBeTruthy();
  });

  it('asks for no mail job at all for a payment with nobody to write to (an anonymous donation)', async () => {
    const site = relayed.t;
    const d = await anonymous(site.app).request('POST', '/api/payments/donations', { amount: 2500, donorName: 'Anonymous', wantsAdxTokens: false });
    expect(d.statusCode, d.body).toBe(200);
    const e = stripe.event('checkout.session.completed', stripe.pay(String(d.json().url).split('/').pop()!));
    await deliver(site.app, e);
    const row = await site.database.db('donations').whereNull('user_id').where({ donor_name: 'Anonymous' }).first();
    await eventually(async () => (await site.database.db('donations').where({ id: row.id }).first('status')).status === 'paid', 20_000, 'the donation paid');
    await new Promise((r) => setTimeout(r, 500));
    // A job per anonymous payment would only find no recipient; in a burst it cost about a millisecond of CPU each.
    expect(await site.app.queues.mail.getJob(`payment-confirmed-${row.id as string}`)).toBeUndefined();
  });

  it("speaker invitation: the session's current token, the studio link and the time, to the speaker's own address", async () => {
    const site = relayed.t;
    const admin = await signInAs(site.app, site.database.db, 'mail_admin', { admin: true });
    const speaker = await signInAs(site.app, site.database.db, 'mail_speaker', { email: 'speaker@example.org' });
    const created = await admin.request('POST', '/api/speaker-sessions', { speaker_id: speaker.userId, session_title: 'Building in public', scheduled_date: '2030-03-04T10:00:00.000Z', session_description: '', discord_channel_link: '' });
    expect(created.statusCode, created.body).toBe(201);
    const { session, token } = created.json() as { session: { id: string }; token: string };
    const res = await admin.request('POST', `/api/speaker-sessions/${session.id}/invitation`, { token });
    expect(res.statusCode, res.body).toBe(202);
    expect((await speaker.request('POST', `/api/speaker-sessions/${session.id}/invitation`, { token })).statusCode).toBe(403);
    await eventually(async () => smtp.messages.some((m) => toOf(m).includes('speaker@example.org')), 15_000, 'the invitation');
    const m = smtp.messages.find((x) => toOf(x).includes('speaker@example.org'))!;
    expect(m.subject).toBe('You are speaking: Building in public');
    expect(textOf(m)).toContain(token);
    expect(textOf(m)).toContain('http://localhost:3000/speaker-studio');
    expect(textOf(m)).toContain('March 4, 2030 at 10:00 AM (UTC)');
    expect(m.html).toContain(token);

    // A replaced token is refused: the speaker must never get a dead key.
    const renewed = await admin.request('POST', `/api/speaker-sessions/${session.id}/token`);
    expect(renewed.statusCode).toBe(200);
    expect((await admin.request('POST', `/api/speaker-sessions/${session.id}/invitation`, { token })).statusCode).toBe(409);
  });

  it('acknowledges form A to the address given, with the promised answer time; a form without an address sends nothing', async () => {
    const res = await anonymous(relayed.t.app).request('POST', '/api/forms/incubator-application', formA);
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => smtp.messages.some((m) => toOf(m).includes('grace@example.org')), 15_000, 'the acknowledgement');
    const m = smtp.messages.find((x) => toOf(x).includes('grace@example.org'))!;
    expect(smtp.recipients[smtp.messages.indexOf(m)]).toEqual(['grace@example.org']);
    expect(m.subject).toBe('We received your incubator application');
    expect(textOf(m)).toContain("We'll review your application and get back to you within 48 hours.");
    expect(textOf(m)).toContain('Hello Grace');
    expect(m.html).toContain('within 48 hours');

    const before = smtp.messages.length;
    const c = await anonymous(relayed.t.app).request('POST', '/api/forms/consultation', { sector: 'Education', timeCommitment: '1-2 hours per week' });
    expect(c.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.messages.length).toBe(before);
  });

  it('SMTP down: the job is retried and the mail delivered once the relay returns, nothing lost', async () => {
    await smtp.stop();
    const res = await anonymous(relayed.t.app).request('POST', '/api/forms/incubator-application', { ...formA, email: 'later@example.org' });
    expect(res.statusCode).toBe(201);
    const jobId = `form-received-${res.json().id as string}`;
    await eventually(async () => ((await relayed.t.app.queues.mail.getJob(jobId))?.attemptsMade ?? 0) >= 1, 20_000, 'a failed attempt');
    expect(await relayed.t.database.db('mail_outbox').where({ to_address: 'later@example.org' })).toHaveLength(0);
    await smtp.start();
    await eventually(async () => smtp.messages.some((m) => toOf(m).includes('later@example.org')), 30_000, 'the retried mail');
    expect(smtp.messages.filter((m) => toOf(m).includes('later@example.org'))).toHaveLength(1);
    // The outbox row commits just after the relay has taken the message (deliverOnce), so it can trail it a little.
    const outbox = () => relayed.t.database.db('mail_outbox').where({ to_address: 'later@example.org' });
    await eventually(async () => (await outbox()).length > 0, 15_000, 'the outbox row');
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0].sent_at).not.toBeNull();
  });
});

describe('mail without SMTP (outbox only)', () => {
  it('stores the same messages in the outbox, once, for admins to read', async () => {
    await payProgram(outboxOnly, 'outbox_payer', 'payer@example.org', 4);
    await anonymous(outboxOnly.t.app).request('POST', '/api/forms/incubator-application', formA);
    const db = outboxOnly.t.database.db;
    await eventually(async () => (await db('mail_outbox').count({ n: '*' }).first())?.n === '2', 20_000, 'two stored mails');
    const rows = await db('mail_outbox').orderBy('kind');
    const sent = [smtp.messages.find((m) => toOf(m).includes('grace@example.org'))!, smtp.messages.find((m) => toOf(m).includes('payer@example.org'))!];
    expect(rows.map((r) => [r.kind, r.to_address, r.subject, r.transport])).toEqual([
      ['form-received', 'grace@example.org', sent[0]!.subject, 'outbox'],
      ['payment-confirmed', 'payer@example.org', sent[1]!.subject, 'outbox'],
    ]);
    // Same text apart from the receipt code (another payment row) and the receipts link (signed when each was written).
    const norm = (s: string) =>
      s.replace(/Receipt: [2-9A-HJ-NP-Z]{8}/g, 'Receipt: X').replace(/receipts\?token=[\w%.-]+/g, 'receipts?token=X').replace(/\s+/g, ' ').trim();
    expect(norm(rows[1].text_body)).toBe(norm(textOf(sent[1]!)));
    expect(norm(rows[0].text_body)).toBe(norm(textOf(sent[0]!)));

    const admin = await signInAs(outboxOnly.t.app, db, 'outbox_admin', { admin: true });
    const page = await admin.request('GET', '/api/admin/outbox?to=payer@example.org');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, rows: [{ kind: 'payment-confirmed', to: 'payer@example.org' }] });
    expect((await anonymous(outboxOnly.t.app).request('GET', '/api/admin/outbox')).statusCode).toBe(401);
  });

  it('lists the mail queue in /metrics: its jobs by state and their run times', async () => {
    const metrics = (await outboxOnly.t.app.inject('/metrics')).body;
    expect(metrics).toMatch(/bullmq_queue_jobs\{queue="mail",state="completed"\} [1-9]/);
    expect(metrics).toMatch(/bullmq_job_duration_seconds_count\{queue="mail",status="completed"\} [1-9]/);
  });
});
