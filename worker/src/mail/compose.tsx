import { render } from '@react-email/render';
import type { Knex } from 'knex';
import type { ReactElement } from 'react';
import { isValidEmail } from '@app/common/domain/contact';
import { centsToDollars, MONEY_RECEIVED_STATUSES, type PaymentKind, type PaymentStatus, reversedCents, tokensBought } from '@app/common/domain/payments';
import { FORM_ACKS, type TMailRequest } from '@app/common/schemas/mail';
import { NEWSLETTER_CONFIRM_HOURS } from '@app/common/server/mail/newsletter.repository';
import type { MailMessage } from '@app/common/server/mail/transport';
import { logIndexOfPayment } from '@app/common/server/ledger/tlog.repository';
import type { MailFrame } from './layout';
import { PAYMENT_SUBJECTS, PaymentConfirmed, type PaymentFacts } from './payment-confirmed';
import { DISPUTE_SUBJECTS, PaymentDispute, PaymentRefunded, REFUND_SUBJECTS, type NoticeFacts } from './payment-notices';
import { checkSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { FormReceived, NewsletterConfirm, NewsletterWelcome, SpeakerInvitation } from './simple-messages';
import { cohortFullReason, cohortOpenMessage, programPaymentFacts } from './program-mail';
import { reminderFacts, SessionReminder } from './session-reminder';
import { claimMessage, receiptsLinkFor, receiptsLinkMessage } from './account-mail';
import { monthlyNoticeMessage } from './monthly-mail';
import { manageLink } from '@app/common/server/payments/monthly-links';

const TABLES = { donation: 'donations', program: 'program_payments', sponsorship: 'program_payments', investment: 'investments' } as const;

const money = (cents: number) => `$${Number(centsToDollars(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const formatTokens = (t: string | null) => (t === null ? null : `${Number(t).toLocaleString('en-US', { maximumFractionDigits: 8 })} ADX`);
/** Only an address that passes the forms' own check is ever written to. */
const recipient = (email: unknown) => (typeof email === 'string' && isValidEmail(email) ? email.trim().toLowerCase() : null);

async function build(subject: string, to: string, element: ReactElement): Promise<MailMessage> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { to, subject, html, text };
}

interface PaymentRow {
  id: string;
  amount_cents: string;
  status?: string;
  payment_status?: string;
  paid_at: Date | null;
  investor_id: string | null;
  wants_adx_tokens?: boolean;
  adx_tokens?: string;
  donor_name?: string | null;
  payer_email?: string | null;
  user_email?: string | null;
  receipt_code?: string;
  checkout_session_id?: string | null;
  subscription_id?: string | null;
}

function loadPayment(db: Knex, kind: PaymentKind, id: string): Promise<PaymentRow | undefined> {
  const table = TABLES[kind];
  // Program payments keep the payer's own address (no member row); the others reach members through their account's.
  // A month of a monthly gift also reaches the address its payer gave at checkout.
  return db(`${table} as p`)
    .modify((q) =>
      table === 'program_payments'
        ? q.first('p.*')
        : table === 'donations'
          ? q.leftJoin('users as u', 'u.id', 'p.user_id').leftJoin('donation_subscriptions as s', 's.id', 'p.subscription_id').first('p.*', db.raw('coalesce(u.email, s.payer_email) AS user_email'))
          : q.leftJoin('users as u', 'u.id', 'p.user_id').first('p.*', 'u.email as user_email'),
    )
    .where('p.id', id) as unknown as Promise<PaymentRow | undefined>;
}

async function paymentMessage(db: Knex, req: Extract<TMailRequest, { kind: 'payment-confirmed' }>, frame: MailFrame): Promise<MailMessage | null> {
  const row = await loadPayment(db, req.paymentKind, req.paymentId);
  const status = row?.status ?? row?.payment_status;
  if (!row || status !== 'paid') return null;
  const to = recipient(row.payer_email ?? row.user_email);
  if (!to) return null;
  const program = req.paymentKind === 'program' || req.paymentKind === 'sponsorship' ? await programPaymentFacts(db, row.id, new Date()) : null;
  // An enrolment paid into a full cohort is not welcomed: its refund notice says what happened.
  if (program?.overbooked) return null;
  const cents = Number(row.amount_cents);
  const tokens = req.paymentKind === 'investment' ? (row.adx_tokens ?? null) : null;
  const p: PaymentFacts = {
    kind: req.paymentKind,
    amount: money(cents),
    receiptCode: row.receipt_code ?? `R-${row.id.slice(0, 8).toUpperCase()}`,
    paidAt: day(row.paid_at ?? new Date()),
    investorId: row.investor_id,
    // The same rule that wrote the ledger row (domain/payments tokensBought): the tokens stored at the sale's rate.
    tokens: formatTokens(tokens ?? (row.wants_adx_tokens && row.investor_id ? tokensBought('donation', cents, row) : null)),
    donorName: row.donor_name ?? null,
    logIndex: await logIndexOfPayment(db, row.checkout_session_id),
    cohort: program?.cohort ?? null,
    receiptsUrl: receiptsLinkFor(frame, to),
    manageUrl: row.subscription_id ? await manageLink(db, frame.publicUrl, row.subscription_id, new Date()) : null,
  };
  return build(PAYMENT_SUBJECTS[req.paymentKind], to, <PaymentConfirmed p={p} frame={frame} />);
}

/** Tokens the ledger's reversal rows took back from this payment's purchase up to `cents` reversed; null when it made no tokens. */
async function tokensTakenBack(db: Knex, reference: string | null | undefined, cents: number): Promise<string | null> {
  if (!reference) return null;
  const row = (await db('token_purchases as p')
    .leftJoin('token_purchases as r', function () {
      // Reversal references end in their cumulative cents: a notice counts the rows up to its own state.
      this.on('r.reverses_id', 'p.id').andOn(db.raw("split_part(r.payment_reference, ':reversed:', 2)::bigint <= ?", [cents]));
    })
    .where('p.payment_reference', reference)
    .groupBy('p.id')
    .first(db.raw('coalesce(-sum(r.tokens_to_be_distributed), 0)::text AS tokens'))) as { tokens: string } | undefined;
  return row ? formatTokens(row.tokens) : null;
}

type NoticeRequest = Extract<TMailRequest, { kind: 'payment-refunded' | 'payment-dispute' }>;

/** A refund or dispute notice: the amounts as of the state the request names, to the payer. */
async function noticeMessage(db: Knex, req: NoticeRequest, frame: MailFrame): Promise<MailMessage | null> {
  const row = await loadPayment(db, req.paymentKind, req.paymentId);
  const status = (row?.status ?? row?.payment_status) as PaymentStatus | undefined;
  if (!row || !status || !MONEY_RECEIVED_STATUSES.includes(status)) return null;
  const to = recipient(row.payer_email ?? row.user_email);
  if (!to) return null;
  const amount = Number(row.amount_cents);
  const charge = (await db('payment_charges').where({ kind: req.paymentKind, row_id: row.id }).first('refunded_cents')) as { refunded_cents: string } | undefined;
  const refunded =
    req.kind === 'payment-refunded' ? Math.min(req.refundedCents, amount) : reversedCents(amount, Number(charge?.refunded_cents ?? 0), req.state === 'lost' ? 'lost' : null);
  const p: NoticeFacts = {
    amount: money(amount),
    receiptCode: row.receipt_code ?? `R-${row.id.slice(0, 8).toUpperCase()}`,
    refunded: money(refunded),
    remaining: money(amount - refunded),
    tokensTakenBack: await tokensTakenBack(db, row.checkout_session_id, refunded),
    reason: null,
  };
  if (req.paymentKind === 'program' && req.kind === 'payment-refunded') {
    const program = await programPaymentFacts(db, row.id, new Date());
    if (program.overbooked) p.reason = cohortFullReason(program.cohort);
  }
  if (req.kind === 'payment-dispute') return build(DISPUTE_SUBJECTS[req.state], to, <PaymentDispute p={p} state={req.state} frame={frame} />);
  const full = refunded >= amount;
  return build(REFUND_SUBJECTS[full ? 'full' : 'partial'], to, <PaymentRefunded p={p} full={full} frame={frame} />);
}

async function formMessage(db: Knex, req: Extract<TMailRequest, { kind: 'form-received' }>, frame: MailFrame): Promise<MailMessage | null> {
  const row = (await db('form_submissions').where({ id: req.submissionId }).first('form', 'email', 'payload')) as
    | { form: keyof typeof FORM_ACKS; email: string | null; payload: Record<string, unknown> }
    | undefined;
  const ack = row ? FORM_ACKS[row.form] : undefined;
  const to = recipient(row?.email);
  if (!row || !ack || !to) return null;
  const rawName = row.payload.fullName ?? row.payload.name ?? row.payload.contactName ?? row.payload.firstName;
  const name = typeof rawName === 'string' && rawName.length <= 100 ? rawName : null;
  return build(`We received your ${ack.title}`, to, <FormReceived title={ack.title} promise={ack.promise} name={name} frame={frame} />);
}

async function newsletterMessage(db: Knex, req: Extract<TMailRequest, { kind: 'newsletter-confirm' }>, frame: MailFrame): Promise<MailMessage | null> {
  const row = (await db('newsletter_subscribers').where({ id: req.subscriberId }).first('email', 'status')) as { email: string; status: string } | undefined;
  const to = recipient(row?.email);
  if (!row || row.status !== 'pending' || !to) return null;
  const confirmUrl = `${frame.publicUrl}/newsletter/confirm?token=${req.token}`;
  return build('Confirm your subscription', to, <NewsletterConfirm confirmUrl={confirmUrl} expiresHours={NEWSLETTER_CONFIRM_HOURS} frame={frame} />);
}

async function welcomeMessage(db: Knex, req: Extract<TMailRequest, { kind: 'newsletter-welcome' }>, frame: MailFrame): Promise<MailMessage | null> {
  const row = (await db('newsletter_subscribers').where({ id: req.subscriberId }).first('email', 'status', 'unsubscribe_token')) as
    | { email: string; status: string; unsubscribe_token: string }
    | undefined;
  const to = recipient(row?.email);
  if (!row || row.status !== 'confirmed' || !to) return null;
  const unsubscribeUrl = `${frame.publicUrl}/newsletter/unsubscribe?token=${row.unsubscribe_token}`;
  return build(`Welcome to ${frame.productName} insights`, to, <NewsletterWelcome frame={{ ...frame, unsubscribeUrl }} />);
}

async function invitationMessage(db: Knex, req: Extract<TMailRequest, { kind: 'speaker-invitation' }>, frame: MailFrame): Promise<MailMessage | null> {
  // A token replaced since the admin pressed send is not mailed: the speaker would get a dead key.
  const check = await checkSpeakerToken(db, req.token);
  if (!check.ok || check.session.id !== req.sessionId || !check.speaker) return null;
  const user = (await db('users').where({ id: check.speaker.id }).first('email')) as { email: string | null } | undefined;
  const to = recipient(user?.email);
  if (!to) return null;
  const when = `${check.session.scheduled_date.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' })} (UTC)`;
  const title = check.session.session_title;
  return build(`You are speaking: ${title}`, to, <SpeakerInvitation title={title} when={when} studioUrl={`${frame.publicUrl}/speaker-studio`} token={req.token} frame={frame} />);
}

async function reminderMessage(db: Knex, req: Extract<TMailRequest, { kind: 'session-reminder' }>, frame: MailFrame): Promise<MailMessage | null> {
  const due = await reminderFacts(db, req, frame);
  return due ? build(`Starting soon: ${due.f.title}`, due.to, <SessionReminder f={due.f} frame={frame} />) : null;
}

/** Builds the message a request asks for, from Postgres; null when there is nothing to send (no address, not paid, gone). */
export function composeMail(db: Knex, req: TMailRequest, frame: MailFrame): Promise<MailMessage | null> {
  switch (req.kind) {
    case 'payment-confirmed':
      return paymentMessage(db, req, frame);
    case 'payment-refunded':
    case 'payment-dispute':
      return noticeMessage(db, req, frame);
    case 'form-received':
      return formMessage(db, req, frame);
    case 'newsletter-confirm':
      return newsletterMessage(db, req, frame);
    case 'newsletter-welcome':
      return welcomeMessage(db, req, frame);
    case 'speaker-invitation':
      return invitationMessage(db, req, frame);
    case 'cohort-open':
      return cohortOpenMessage(db, req, frame, build, recipient);
    case 'session-reminder':
      return reminderMessage(db, req, frame);
    case 'receipts-link':
      return receiptsLinkMessage(req, frame, build);
    case 'account-claim':
      return claimMessage(db, req, frame, build, recipient);
    case 'monthly-failed':
    case 'monthly-canceled':
      return monthlyNoticeMessage(db, req, frame, build, recipient, money);
  }
}
