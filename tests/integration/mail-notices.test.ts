import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../fakes/stripe';
import { payProgram, textOf, toOf, useMailSites, type Site } from '../helpers/mail';
import { deliver } from '../helpers/payments';
import { anonymous, signInAs } from '../helpers/session';
import type { TestSmtp } from '../helpers/smtp';
import { eventually } from '../helpers/worker';

const sites = useMailSites({ outboxOnly: false });
let stripe: FakeStripe;
let smtp: TestSmtp;
let relayed: Site;
beforeAll(() => {
  ({ stripe, smtp, relayed } = sites);
});

describe('refund and dispute notices', () => {
  const NOTICE = /refunded|dispute/i;
  /** The notices to one address once every asked-for mail has run (duplicates included). */
  async function noticesTo(address: string, count: number) {
    await eventually(async () => smtp.messages.filter((m) => toOf(m).includes(address) && NOTICE.test(m.subject ?? '')).length >= count, 20_000, `${count} notice(s) to ${address}`);
    await eventually(async () => (await relayed.t.app.queues.mail.getJobCounts('waiting', 'active', 'delayed')).waiting === 0, 10_000, 'an idle mail queue');
    await new Promise((r) => setTimeout(r, 1_000));
    return smtp.messages.filter((m) => toOf(m).includes(address) && NOTICE.test(m.subject ?? ''));
  }
  const post = (e: { payload: string; signature: string }) => deliver(relayed.t, e);

  it("a refunded donation's event delivered four times sends one notice, both parts, to the member, with the amounts and the tokens taken back", async () => {
    const site = relayed.t;
    const donor = await signInAs(site.app, site.database.db, 'notice_donor', { email: 'Refund.Me@example.org' });
    const d = await donor.request('POST', '/api/payments/donations', { amount: 2500, wantsAdxTokens: true });
    expect(d.statusCode, d.body).toBe(200);
    const session = stripe.pay(String(d.json().url).split('/').pop()!);
    expect((await post(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    const refund = stripe.refund(session.id);
    for (let i = 0; i < 4; i++) expect((await post(stripe.sign(refund))).statusCode).toBe(200);
    const mine = await noticesTo('refund.me@example.org', 1);
    expect(mine).toHaveLength(1);
    const m = mine[0]!;
    const row = await site.database.db('donations').where({ checkout_session_id: session.id }).first();
    expect(row.status).toBe('refunded');
    expect(m.subject).toBe('Your payment was refunded');
    for (const line of ['Amount paid: $25.00', 'Refunded so far: $25.00', 'Remaining: $0.00', 'ADX tokens taken back: 250 ADX', `Receipt: ${row.receipt_code as string}`]) expect(textOf(m)).toContain(line);
    expect(m.html).toContain('<table');
    expect(m.html).toContain('250 ADX');
    const outbox = await site.database.db('mail_outbox').where({ message_key: `payment-refunded-donation-${row.id as string}-2500` });
    expect(outbox).toHaveLength(1);
  });

  it("a partial then a full refund of a program payment send two notices to the payer's address, each with its amounts", async () => {
    const session = await payProgram(relayed, 'notice_partial', 'partial@example.org', 1);
    expect((await post(stripe.sign(stripe.refund(session.id, 100_000)))).statusCode).toBe(200);
    await noticesTo('partial@example.org', 1);
    expect((await post(stripe.sign(stripe.refund(session.id)))).statusCode).toBe(200);
    const mine = await noticesTo('partial@example.org', 2);
    expect(mine.map((m) => m.subject)).toEqual(['Part of your payment was refunded', 'Your payment was refunded']);
    expect(textOf(mine[0]!)).toContain('Refunded so far: $1,000.00');
    expect(textOf(mine[0]!)).toContain('Remaining: $1,497.00');
    expect(textOf(mine[1]!)).toContain('Refunded so far: $2,497.00');
    expect(textOf(mine[1]!)).toContain('Remaining: $0.00');
    expect(textOf(mine[1]!)).not.toContain('ADX tokens taken back'); // an enrolment made no tokens
  });

  it('a dispute opened then lost sends an opened and a lost notice; the lost one takes the tokens back', async () => {
    const site = relayed.t;
    const investor = await signInAs(site.app, site.database.db, 'notice_investor', { email: 'disputer@example.org' });
    const i = await investor.request('POST', '/api/payments/investments', { amount: 500 });
    expect(i.statusCode, i.body).toBe(200);
    const session = stripe.pay(String(i.json().url).split('/').pop()!);
    expect((await post(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    const opened = stripe.dispute(session.id, 'needs_response');
    for (let n = 0; n < 2; n++) expect((await post(stripe.sign(opened))).statusCode).toBe(200);
    await noticesTo('disputer@example.org', 1);
    expect((await post(stripe.sign(stripe.dispute(session.id, 'lost')))).statusCode).toBe(200);
    const mine = await noticesTo('disputer@example.org', 2);
    expect(mine.map((m) => m.subject)).toEqual(['A dispute was opened on your payment', 'The dispute on your payment is closed']);
    expect(textOf(mine[0]!)).toContain('Your bank has opened a dispute on this payment');
    expect(textOf(mine[0]!)).toContain('Refunded so far: $0.00');
    expect(textOf(mine[1]!)).toContain('closed in your favour');
    expect(textOf(mine[1]!)).toContain('Remaining: $0.00');
    expect(textOf(mine[1]!)).toContain('ADX tokens taken back: 5,000 ADX');
  });
});

describe('acknowledgements of every form with an address', () => {
  const LONG = 'We bake bread for the neighbourhood and train two apprentices every year.';
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['scholarship', { fullName: 'Ada Lovelace', email: 'ada@example.org', phone: '+1 (555) 123-4567', businessIdea: 'A bakery that trains young people.', financialNeed: 'I cannot pay the full fee.', communityImpact: 'Jobs for twelve neighbours.', commitment: 'I will attend every session.' }, 'ada@example.org', '5-7 business days'],
    ['incubator-registration', { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', phone: '+44 20 7946 0958', businessIdea: 'Codebreaking puzzles as a subscription box.', experience: 'Ran a chess club for five years.', goals: 'Launch and find 100 subscribers.', availability: 'Saturdays 10 AM, all 12 weeks.' }, 'alan@example.org', 'within 48 hours'],
    ['business-application', { businessName: 'Sunrise Bakery', contactName: 'Sun Rise', contactEmail: 'sun@sunrise.example', website: 'sunrise-bakery.com', businessDescription: LONG, customerService: LONG, communityProject: LONG, businessModel: LONG, technology: LONG }, 'sun@sunrise.example', 'within 48 hours'],
    ['feedback', { name: 'Fay', email: 'fay@example.org', businessName: '', type: 'complaint', subject: 'Late delivery', message: 'My order arrived two days late and nobody answered my messages about it.' }, 'fay@example.org', 'we read every message'],
  ];
  it.each(cases)('%s: one acknowledgement to the address given, with the promised answer time', async (path, body, to, promise) => {
    const res = await anonymous(relayed.t.app).request('POST', `/api/forms/${path}`, body);
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => smtp.messages.some((m) => toOf(m).includes(to)), 15_000, `the acknowledgement to ${to}`);
    const mine = smtp.messages.filter((m) => toOf(m).includes(to));
    expect(mine).toHaveLength(1);
    expect(textOf(mine[0]!)).toContain(promise);
    expect(mine[0]!.html).toContain(promise.replace("'", '&#x27;'));
  });
});
