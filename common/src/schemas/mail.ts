import { z } from 'zod';
import { EMAIL_PATTERN } from '../domain/contact';
import type { FORM_KINDS } from './forms';

/**
 * What a mail.send job asks for. Each request names the facts (a payment, a form submission, a
 * subscriber), not the text: the worker reads them and the recipient from Postgres when it builds the
 * message, so a mail only ever goes to an address the person gave us.
 */
/** A signed link's token (domain/signed-link.ts). */
const ZLinkToken = z.string().max(800).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

const ZPaymentKind = z.enum(['donation', 'program', 'sponsorship', 'investment']);

export const ZMailRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment-confirmed'), paymentKind: ZPaymentKind, paymentId: z.uuid() }).strict(),
  // One notice per cumulative refunded amount (the provider's amount_refunded): a partial then a full refund send two.
  z.object({ kind: z.literal('payment-refunded'), paymentKind: ZPaymentKind, paymentId: z.uuid(), refundedCents: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('payment-dispute'), paymentKind: ZPaymentKind, paymentId: z.uuid(), state: z.enum(['open', 'won', 'lost']) }).strict(),
  z.object({ kind: z.literal('form-received'), submissionId: z.uuid() }).strict(),
  // The confirm token travels in the job (Postgres keeps only its hash); the mail is the one place it is shown.
  z.object({ kind: z.literal('newsletter-confirm'), subscriberId: z.uuid(), token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/) }).strict(),
  // The first newsletter-type mail, with its unsubscribe link; one per confirmation (confirmedAt in ms).
  z.object({ kind: z.literal('newsletter-welcome'), subscriberId: z.uuid(), confirmedAt: z.number().int().positive() }).strict(),
  // The speaker token travels to the speaker's own address; the worker re-checks it is still the live one.
  z.object({ kind: z.literal('speaker-invitation'), sessionId: z.uuid(), token: z.string().regex(/^adxs_[A-Za-z0-9_-]{43}$/) }).strict(),
  // "Notify me when enrolment opens": one mail per stored request, naming the cohort it was notified of.
  z.object({ kind: z.literal('cohort-open'), requestId: z.uuid() }).strict(),
  // A delayed job per send time (domain/session-reminders.ts); the worker re-checks the session, the RSVP and the
  // member's lead time against sendAt (ms) and sends nothing when they no longer agree.
  z.object({ kind: z.literal('session-reminder'), sessionId: z.uuid(), userId: z.uuid(), sendAt: z.number().int().positive() }).strict(),
  // A signed link to a payer's receipts page, asked for by address: mailed there, never shown (the token travels in the job).
  z.object({ kind: z.literal('receipts-link'), email: z.string().max(254).regex(EMAIL_PATTERN), token: ZLinkToken }).strict(),
  // A member asks to claim payments made signed out with their address: the link goes to that address only.
  z.object({ kind: z.literal('account-claim'), userId: z.uuid(), token: ZLinkToken }).strict(),
  // Monthly giving: a renewal the card refused (one per invoice), and the gift's end (one per gift).
  z.object({ kind: z.literal('monthly-failed'), subscriptionId: z.uuid(), invoiceId: z.string().min(1).max(255) }).strict(),
  z.object({ kind: z.literal('monthly-canceled'), subscriptionId: z.uuid() }).strict(),
]);
export type TMailRequest = z.infer<typeof ZMailRequest>;
export type MailKind = TMailRequest['kind'];

/** The message key: one mail per key, however often it is asked for (BullMQ job id and outbox UNIQUE key). */
export function mailKey(req: TMailRequest): string {
  switch (req.kind) {
    case 'payment-confirmed':
      return `payment-confirmed-${req.paymentId}`;
    case 'payment-refunded':
      return `payment-refunded-${req.paymentKind}-${req.paymentId}-${req.refundedCents}`;
    case 'payment-dispute':
      return `payment-dispute-${req.paymentKind}-${req.paymentId}-${req.state}`;
    case 'form-received':
      return `form-received-${req.submissionId}`;
    case 'newsletter-confirm':
      // A new subscribe asks for a new link: keyed by the token's head so a resend is a new message.
      return `newsletter-confirm-${req.subscriberId}-${req.token.slice(0, 12)}`;
    case 'newsletter-welcome':
      return `newsletter-welcome-${req.subscriberId}-${req.confirmedAt}`;
    case 'speaker-invitation':
      return `speaker-invitation-${req.sessionId}-${req.token.slice(5, 17)}`;
    case 'cohort-open':
      return `cohort-open-${req.requestId}`;
    case 'receipts-link':
    case 'account-claim':
      // Each request is a new link (keyed by its signature's head): asking again mails again, within the rate limit.
      return `${req.kind}-${req.token.split('.')[1]!.slice(0, 16)}`;
    case 'session-reminder':
      // Not keyed by the send time: one reminder per member per session, however often it moved.
      return `session-reminder-${req.sessionId}-${req.userId}`;
    case 'monthly-failed':
      return `monthly-failed-${req.subscriptionId}-${req.invoiceId}`;
    case 'monthly-canceled':
      return `monthly-canceled-${req.subscriptionId}`;
  }
}

const ZOutboxMessage = z.object({
  id: z.uuid(),
  key: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  transport: z.enum(['outbox', 'smtp']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxQuery = z.object({
  to: z.string().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZOutboxPage = z.object({ rows: z.array(ZOutboxMessage), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TOutboxPage = z.infer<typeof ZOutboxPage>;

/** An e-mail address a visitor types (trimmed); a pattern rather than a refinement, so the API's document states the rule. */
export const zEmailAddress = () =>
  z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').regex(EMAIL_PATTERN, 'Please enter a valid email address');

/** The footer's 'Subscribe for Insights' box. */
export const ZNewsletterSubscribe = z.object({ email: zEmailAddress() }).strict();
export type TNewsletterSubscribe = z.infer<typeof ZNewsletterSubscribe>;

export const ZNewsletterToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'This link is not valid') }).strict();
export type TNewsletterToken = z.infer<typeof ZNewsletterToken>;

const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
const ZSubscriber = z.object({ id: z.uuid(), email: z.string(), status: z.enum(NEWSLETTER_STATUSES), createdAt: z.string(), confirmedAt: z.string().nullable() });
export const ZSubscriberList = z.object({ rows: z.array(ZSubscriber), total: z.number().int() });
export type TSubscriberList = z.infer<typeof ZSubscriberList>;

/** The manage tab's 'Send invitation': the token just issued (shown once) goes to the session's speaker. */
export const ZSpeakerInvitation = z.object({ token: z.string().regex(/^adxs_[A-Za-z0-9_-]{43}$/, 'Generate a new speaker token first') }).strict();
export type TSpeakerInvitation = z.infer<typeof ZSpeakerInvitation>;

/** Which stored forms get an acknowledgement, and the answer time each promises (spec §9). */
export const FORM_ACKS: Partial<Record<(typeof FORM_KINDS)[number], { title: string; promise: string }>> = {
  scholarship: { title: 'scholarship application', promise: 'We will let you know our decision within 5-7 business days.' },
  incubator_application: { title: 'incubator application', promise: "We'll review your application and get back to you within 48 hours." },
  incubator_registration: { title: 'incubator registration', promise: 'We will confirm your registration within 48 hours.' },
  business_application: { title: 'business ecosystem application', promise: 'We will review your application and get back to you within 48 hours.' },
  feedback: { title: 'feedback', promise: 'Thank you for helping us improve; we read every message.' },
};
