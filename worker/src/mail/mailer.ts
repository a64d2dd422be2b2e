import { createMailTransport, type MailEnv, type MailTransport } from '@app/common/server/mail/transport';
import { linkSecretOf } from '@app/common/server/link-secret';
import type { MailFrame } from './layout';

/** What the mail.send handler needs: where messages go and the site they speak for. */
export interface Mailer {
  transport: MailTransport;
  frame: MailFrame;
  /** Right-hand side of Message-IDs (the public host), so a relay's duplicate check sees one id per key. */
  messageIdDomain: string;
}

/** Builds the worker's mailer from its configuration; without SMTP_URL, messages are only stored in the outbox. */
export function createMailer(env: MailEnv & { PUBLIC_URL?: string | undefined; PRODUCT_NAME: string; LINK_SIGNING_SECRET?: string | undefined; LEDGER_SIGNING_KEY?: string | undefined }): Mailer {
  const publicUrl = (env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  return { transport: createMailTransport(env), frame: { productName: env.PRODUCT_NAME, publicUrl, linkSecret: linkSecretOf(env) }, messageIdDomain: new URL(publicUrl).hostname };
}
