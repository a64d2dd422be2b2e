import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';

/** Mail settings every process that sends reads from its environment. */
export const ZMailEnv = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (e.g. smtp://user:pass@relay.example.org:587)')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('ADX Trust <no-reply@localhost>'),
  MAIL_REPLY_TO: z.string().min(3).max(200).optional(),
});
export type MailEnv = z.infer<typeof ZMailEnv>;

/** One built message, ready to record and send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where messages go besides the outbox table: an SMTP relay, or nowhere (outbox only, the local default). */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /** Sends over SMTP and answers the relay's message id; the outbox transport answers null. */
  send(message: MailMessage, messageId: string): Promise<string | null>;
  close(): void;
}

/** nodemailer over SMTP_URL when set; otherwise the outbox-only transport. */
export function createMailTransport(env: MailEnv): MailTransport {
  if (!env.SMTP_URL) return { kind: 'outbox', send: async () => null, close: () => undefined };
  // Short timeouts: the job holds the outbox row lock while it talks to the relay, and retries are cheap.
  const transporter: Transporter = nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    kind: 'smtp',
    send: async (m, messageId) => {
      const info = (await transporter.sendMail({
        from: env.MAIL_FROM,
        ...(env.MAIL_REPLY_TO ? { replyTo: env.MAIL_REPLY_TO } : {}),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId,
      })) as { messageId?: string };
      return info.messageId ?? messageId;
    },
    close: () => transporter.close(),
  };
}
