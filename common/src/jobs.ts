import { z } from 'zod';
import { SESSION_DAYS } from './domain/flyer';
import { ZMailRequest } from './schemas/mail';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from './domain/payments';

/**
 * The ONLY place that names queues, jobs, their payload schemas and default options. Queues are split
 * by workload: `ledger` (critical money path), `recordings` (I/O), `render` (CPU), `mail` (outgoing e-mail, slow
 * remote servers kept off the others). A job joins JOBS
 * together with its worker handler: the worker's handler map is typed over JobName, so a job declared
 * here without a handler does not compile.
 */
export const QUEUE_NAMES = ['ledger', 'recordings', 'render', 'mail'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Default BullMQ options per queue: bounded history so Redis memory stays flat. */
export const QUEUE_DEFAULTS: Record<QueueName, { attempts: number; backoffMs: number; keepCompleted: number; keepFailed: number }> = {
  ledger: { attempts: 10, backoffMs: 1_000, keepCompleted: 1_000, keepFailed: 10_000 },
  recordings: { attempts: 5, backoffMs: 5_000, keepCompleted: 500, keepFailed: 5_000 },
  render: { attempts: 3, backoffMs: 1_000, keepCompleted: 500, keepFailed: 1_000 },
  // 12 attempts, doubling from 2 s: an SMTP relay may be away for over two hours before a mail is given up.
  mail: { attempts: 12, backoffMs: 2_000, keepCompleted: 5_000, keepFailed: 5_000 },
};

interface JobDef {
  queue: QueueName;
  payload: z.ZodType;
  description: string;
}

/** Every job: which queue runs it and the schema its payload must satisfy (checked on enqueue and again in the worker). */
export const JOBS = {
  'ledger.record': {
    queue: 'ledger',
    payload: z.object({ eventId: z.string().min(1).max(255) }).strict(),
    description:
      'Applies one Stripe event from the stripe_events inbox: marks the payment paid / failed / expired and, for a paid investment or a paid donation that asked for tokens, appends the ledger row (a UNIQUE payment reference makes a repeat a no-op).',
  },
  'ledger.reconcile': {
    queue: 'ledger',
    // olderThanSeconds: how old an unprocessed inbox event must be to count as stale. The schedule
    // keeps the default (a minute: long enough that a normally queued event is not enqueued twice);
    // an operator (or a test) may ask for 0 right after Redis came back.
    payload: z.object({ olderThanSeconds: z.number().int().min(0).max(86_400).optional() }).strict(),
    description:
      'Re-enqueues inbox events still unprocessed `olderThanSeconds` (default 60) after they arrived (accepted while Redis was down, or lost).',
  },
  'ledger.provider-reconcile': {
    queue: 'ledger',
    payload: z.object({}).strict(),
    description:
      "Lists the payment provider's events (Stripe events.list, paged, within its 30 days) newer than the newest one the last run saw, and puts each the stripe_events inbox lacks through the webhook's path (inbox row, then ledger.record), so a payment whose webhooks were all lost is still recorded exactly once. Skipped without Stripe.",
  },
  'ledger.verify-totals': {
    queue: 'ledger',
    payload: z.object({}).strict(),
    description:
      'Recomputes the ledger totals from token_purchases and compares them with the trigger-maintained ledger_totals row; a drift fails the job loudly.',
  },
  'ledger.checkpoint': {
    queue: 'ledger',
    payload: z.object({}).strict(),
    description:
      'Signs a checkpoint of the transparency log (C2SP tlog-checkpoint, Ed25519 signed note with LEDGER_SIGNING_KEY) when it grew since the last one, and keeps it. ledger.record asks for one after each committed batch; the schedule makes it at least once a minute.',
  },
  'ledger.watchdog': {
    queue: 'ledger',
    payload: z.object({}).strict(),
    description:
      "Recomputes every leaf of the transparency log from the ledger rows and the latest checkpoint's root; on any mismatch it raises ledger_log_alarms (metric, admin banner) and fails with the first differing index (docs/ledger-transparency.md says what an operator does then).",
  },
  'program.seat-refund': {
    queue: 'ledger',
    // The job id is seatRefundJobId(paymentId): one refund per overbooked enrolment, however often it is asked for.
    payload: z.object({ paymentId: z.uuid() }).strict(),
    description:
      'Refunds in full an enrolment paid after its seat hold ended into a cohort already full (a late async payment), through the provider (idempotency key per payment; TEST MODE: the local checkout, its charge.refunded through the inbox), and records that it was asked; the refund notice says why.',
  },
  'program.seat-sweep': {
    queue: 'ledger',
    payload: z.object({}).strict(),
    description:
      "Frees the seats of enrolment checkouts that expired unpaid without their expiry event reaching us, asks again for overbooked enrolments' refunds a lost job left, and mails the 'notify me' requests once the next cohort's enrolment has opened.",
  },
  'recording.finalize': {
    queue: 'recordings',
    payload: z.object({ recordingId: z.uuid() }).strict(),
    description:
      'Finalizes a finished studio take (jobId = recording id): checks seqs 0..final_seq are all stored, streams them in order into one object (S3 multipart) computing size and sha256, completes the recording and the session (live → completed), creates the archive row and deletes the chunks. Idempotent; the last failed attempt marks the take failed.',
  },
  'recording.reconcile': {
    queue: 'recordings',
    payload: z.object({ olderThanSeconds: z.number().int().min(0).max(86_400).optional() }).strict(),
    description:
      'Re-enqueues recording.finalize for takes still finalizing `olderThanSeconds` (default 120) after their last change (finished while Redis was down, or the job was lost).',
  },
  'flyer.render': {
    queue: 'render',
    // The job id is flyerJobId(speakerId, day, profileVersion) (domain/flyer.ts): a repeat reuses the result.
    payload: z
      .object({
        speakerId: z.uuid(),
        sessionDay: z.enum(SESSION_DAYS),
        profileVersion: z.string().regex(/^\d{1,16}$/),
        /** Who asked: flyer:ready goes to their room user:{id}. */
        requestedBy: z.uuid().nullable(),
      })
      .strict(),
    description:
      'Renders the weekly flyer of a speaker for a session day (1080×1350 PNG: SVG laid out with the bundled fonts, rasterized by sharp), stores it under flyers/, marks the flyers row ready (or failed) and emits flyer:ready to the requester.',
  },
  'archive.thumbnail': {
    queue: 'render',
    payload: z.object({ archiveId: z.uuid() }).strict(),
    description:
      'Renders a 640×360 PNG card of an archived session (title, speaker, topic) with the flyer template tools, stores it under archive-thumbnails/ and sets session_archive.thumbnail_url.',
  },
  'receipt.render': {
    queue: 'render',
    // The job id is receiptJobId(key) (domain/receipts.ts): a repeat while one is queued or stored renders nothing.
    payload: z.discriminatedUnion('type', [
      z.object({ type: z.literal('payment'), paymentKind: z.enum(PAYMENT_KINDS), paymentId: z.uuid(), status: z.enum(PAYMENT_STATUSES) }).strict(),
      z.object({ type: z.literal('statement'), owner: z.string().regex(/^(user:[0-9a-f-]{36}|email:\S{3,254})$/), year: z.number().int().min(2000).max(2100), version: z.string().regex(/^[\w-]{1,60}$/) }).strict(),
    ]),
    description:
      "Renders a PDF receipt (pdfkit, bundled fonts): one payment's (amount, date, kind, receipt code, tokens and rate, the organisation's name, address and tax note from site settings) or a payer's yearly statement, and stores it under receipts/ (paymentReceiptKey, statementKey), where the account routes serve it from.",
  },
  'mail.send': {
    queue: 'mail',
    // The job id is mailKey(payload) (schemas/mail.ts); the outbox's UNIQUE key makes a repeat a no-op.
    payload: ZMailRequest,
    description:
      'Builds one message (plain text and HTML from React Email components) from the facts in Postgres and delivers it once per message key: over SMTP when SMTP_URL is set, and always recorded in the mail_outbox table that admins read at /admin/outbox.',
  },
  'session.reminders-reconcile': {
    queue: 'mail',
    payload: z.object({}).strict(),
    description:
      "Adds the delayed reminder job of every RSVP to a session still ahead (deterministic job ids make the ones queued or run no-ops), so a reminder whose scheduling failed while Redis was away is still sent; the send-time check in mail.send drops stale ones.",
  },
} as const satisfies Record<string, JobDef>;

export type JobName = keyof typeof JOBS;
/** The payload type of job N, inferred from its schema. */
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/** Repeatable jobs the worker schedules at start (idempotent: BullMQ job schedulers upsert by id). */
export const SCHEDULES: ReadonlyArray<{ id: string; job: JobName; everyMs: number }> = [
  { id: 'ledger-reconcile', job: 'ledger.reconcile', everyMs: 30_000 },
  { id: 'ledger-provider-reconcile', job: 'ledger.provider-reconcile', everyMs: 15 * 60_000 },
  { id: 'ledger-verify-totals', job: 'ledger.verify-totals', everyMs: 10 * 60_000 },
  { id: 'ledger-checkpoint', job: 'ledger.checkpoint', everyMs: 60_000 },
  { id: 'ledger-watchdog', job: 'ledger.watchdog', everyMs: 10 * 60_000 },
  { id: 'recording-reconcile', job: 'recording.reconcile', everyMs: 60_000 },
  { id: 'program-seat-sweep', job: 'program.seat-sweep', everyMs: 60_000 },
  { id: 'session-reminders-reconcile', job: 'session.reminders-reconcile', everyMs: 5 * 60_000 },
];

/** The job id of an overbooked enrolment's refund. */
export const seatRefundJobId = (paymentId: string): string => `seat-refund-${paymentId}`;

/** Whether a string is a known job name. */
export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
