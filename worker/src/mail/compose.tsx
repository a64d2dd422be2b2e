import { render } from '@react-email/render';
import type { Knex } from 'knex';
import type { ReactElement } from 'react';
import { isValidEmail } from '@app/common/domain/contact';
import { centsToDollars, donationTokens } from '@app/common/domain/money';
import { FORM_ACKS, type TMailRequest } from '@app/common/schemas/mail';
import { NEWSLETTER_CONFIRM_HOURS } from '@app/common/server/mail/newsletter.repository';
import type { MailMessage } from '@app/common/server/mail/transport';
import type { MailFrame } from './layout';
import { PAYMENT_SUBJECTS, PaymentConfirmed, type PaymentFacts } from './payment-confirmed';
import { checkSpeakerToken } from '@app/common/server/speaker-sessions.repository';
import { FormReceived, NewsletterConfirm, NewsletterWelcome, SpeakerInvitation } from './simple-messages';

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
}

async function paymentMessage(db: Knex, req: Extract<TMailRequest, { kind: 'payment-confirmed' }>, frame: MailFrame): Promise<MailMessage | null> {
  const table = TABLES[req.paymentKind];
  // Program payments keep the payer's own address (no member row); the others reach members through their account's.
  const row = (await db(`${table} as p`)
    .modify((q) => (table === 'program_payments' ? q.first('p.*') : q.leftJoin('users as u', 'u.id', 'p.user_id').first('p.*', 'u.email as user_email')))
    .where('p.id', req.paymentId)) as unknown as PaymentRow | undefined;
  const status = row?.status ?? row?.payment_status;
  if (!row || status !== 'paid') return null;
  const to = recipient(row.payer_email ?? row.user_email);
  if (!to) return null;
  const cents = Number(row.amount_cents);
  const tokens = req.paymentKind === 'investment' ? (row.adx_tokens ?? null) : null;
  const p: PaymentFacts = {
    kind: req.paymentKind,
    amount: money(cents),
    receiptCode: `R-${row.id.slice(0, 8).toUpperCase()}`,
    paidAt: day(row.paid_at ?? new Date()),
    investorId: row.investor_id,
    // The same rule that wrote the ledger row (payments.repository applyCheckoutOutcome).
    tokens: formatTokens(tokens ?? (row.wants_adx_tokens && row.investor_id ? donationTokens(cents) : null)),
    donorName: row.donor_name ?? null,
  };
  return build(PAYMENT_SUBJECTS[req.paymentKind], to, <PaymentConfirmed p={p} frame={frame} />);
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

/** Builds the message a request asks for, from Postgres; null when there is nothing to send (no address, not paid, gone). */
export function composeMail(db: Knex, req: TMailRequest, frame: MailFrame): Promise<MailMessage | null> {
  switch (req.kind) {
    case 'payment-confirmed':
      return paymentMessage(db, req, frame);
    case 'form-received':
      return formMessage(db, req, frame);
    case 'newsletter-confirm':
      return newsletterMessage(db, req, frame);
    case 'newsletter-welcome':
      return welcomeMessage(db, req, frame);
    case 'speaker-invitation':
      return invitationMessage(db, req, frame);
  }
}
