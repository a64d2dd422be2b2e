import { Button, Link, Text } from '@react-email/components';
import type { Knex } from 'knex';
import type { ReactElement } from 'react';
import { LINK_LIFETIME_MS, signLink } from '@app/common/domain/signed-link';
import type { TMailRequest } from '@app/common/schemas/mail';
import type { MailMessage } from '@app/common/server/mail/transport';
import { BRAND } from '../render/brand';
import { MailLayout, type MailFrame } from './layout';

const button = { backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 };
const days = (ms: number) => Math.round(ms / 86_400_000);

/** The page of a payer's receipts a token opens. */
const receiptsUrl = (frame: MailFrame, token: string) => `${frame.publicUrl}/receipts?token=${encodeURIComponent(token)}`;

/** A fresh receipts link for `email` (null without a signing secret: a frame built for tests of other mail). */
export function receiptsLinkFor(frame: MailFrame, email: string, now = Date.now()): string | null {
  if (!frame.linkSecret) return null;
  return receiptsUrl(frame, signLink(frame.linkSecret, { p: 'receipts', e: email.toLowerCase(), x: now + LINK_LIFETIME_MS.receipts }));
}

/** The line every receipt mail ends with: the payer's own page of payments and PDF receipts. */
export function ReceiptsLinkText({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <Text>
      All your payments and PDF receipts (this link works for {days(LINK_LIFETIME_MS.receipts)} days; ask for a new one on the page): <Link href={url}>{url}</Link>
    </Text>
  );
}

function ReceiptsLinkMail({ url, frame }: { url: string; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview="Your receipts" title="Your receipts">
      <Text>Someone (we hope you) asked for a link to the payments made with this address to {frame.productName}.</Text>
      <Button href={url} style={button}>
        See your payments and receipts
      </Button>
      <Text>
        Or open this link: <Link href={url}>{url}</Link>
      </Text>
      <Text>It works for {days(LINK_LIFETIME_MS.receipts)} days. If you did not ask, ignore this e-mail: nobody else sees it.</Text>
    </MailLayout>
  );
}

function ClaimMail({ url, frame }: { url: string; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview="Add your payments to your account" title="Add your payments to your account">
      <Text>You asked to add to your {frame.productName} account the payments made with this address while you were signed out.</Text>
      <Button href={url} style={button}>
        Add them to my account
      </Button>
      <Text>
        Or open this link while signed in: <Link href={url}>{url}</Link>
      </Text>
      <Text>It works for 24 hours. If you did not ask, ignore this e-mail and nothing changes.</Text>
    </MailLayout>
  );
}

type Build = (subject: string, to: string, element: ReactElement) => Promise<MailMessage>;

/** A receipts link, to the address it was asked for (the API answered the asker without saying whether it is known). */
export function receiptsLinkMessage(req: Extract<TMailRequest, { kind: 'receipts-link' }>, frame: MailFrame, build: Build): Promise<MailMessage> {
  return build('Your receipts', req.email.toLowerCase(), <ReceiptsLinkMail url={receiptsUrl(frame, req.token)} frame={frame} />);
}

/** A claim link, to the member's own account address only. */
export async function claimMessage(db: Knex, req: Extract<TMailRequest, { kind: 'account-claim' }>, frame: MailFrame, build: Build, recipient: (e: unknown) => string | null): Promise<MailMessage | null> {
  const user = (await db('users').where({ id: req.userId }).first('email')) as { email: string | null } | undefined;
  const to = recipient(user?.email);
  if (!to) return null;
  return build('Add your payments to your account', to, <ClaimMail url={`${frame.publicUrl}/account?claim=${encodeURIComponent(req.token)}`} frame={frame} />);
}
