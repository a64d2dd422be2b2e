import { Button, Link, Text } from '@react-email/components';
import type { Knex } from 'knex';
import type { ReactElement } from 'react';
import type { TMailRequest } from '@app/common/schemas/mail';
import type { MailMessage } from '@app/common/server/mail/transport';
import { manageLink } from '@app/common/server/payments/monthly-links';
import { BRAND } from '../render/brand';
import { Fact, MailLayout, type MailFrame } from './layout';

const button = { backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 };

/** Every monthly mail's way to the provider's Customer Portal (a signed link; the portal session is made on click). */
export function ManageOrCancel({ url }: { url: string }) {
  return (
    <>
      <Button href={url} style={button}>
        Manage or cancel
      </Button>
      <Text>
        Change your card or end your monthly gift at any time: <Link href={url}>{url}</Link>
      </Text>
    </>
  );
}

interface GiftRow {
  id: string;
  amount_cents: string;
  status: string;
  donor_name: string | null;
  email: string | null;
}

/** The gift and the address its mails go to (the payer's from checkout, else the member's). */
async function loadGift(db: Knex, id: string): Promise<GiftRow | undefined> {
  return (await db('donation_subscriptions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .where('s.id', id)
    .first('s.id', 's.amount_cents', 's.status', 's.donor_name', db.raw('coalesce(s.payer_email, u.email) AS email'))) as GiftRow | undefined;
}

type Build = (subject: string, to: string, element: ReactElement) => Promise<MailMessage>;
type Recipient = (email: unknown) => string | null;
type MonthlyRequest = Extract<TMailRequest, { kind: 'monthly-failed' | 'monthly-canceled' }>;

/**
 * A failed renewal's notice (unless a retry has paid that invoice since), or the gift's end.
 * Facts are read now, from Postgres: a notice only ever says what is still true.
 */
export async function monthlyNoticeMessage(db: Knex, req: MonthlyRequest, frame: MailFrame, build: Build, recipient: Recipient, money: (cents: number) => string): Promise<MailMessage | null> {
  const gift = await loadGift(db, req.subscriptionId);
  const to = recipient(gift?.email);
  if (!gift || !to) return null;
  const amount = money(Number(gift.amount_cents));
  const hello = gift.donor_name ? `Hello ${gift.donor_name},` : 'Hello,';
  if (req.kind === 'monthly-canceled') {
    if (gift.status !== 'canceled') return null;
    return build(
      'Your monthly gift has ended',
      to,
      <MailLayout {...frame} preview="Your monthly gift has ended" title="Your monthly gift has ended">
        <Text>{hello}</Text>
        <Text>Your monthly gift of {amount} has been cancelled, and no further payments will be taken. Thank you for every month you gave.</Text>
        <Fact label="Monthly amount" value={amount} />
        <Text>You can start a new monthly gift from our site at any time.</Text>
      </MailLayout>,
    );
  }
  // Sent even when the end has been applied first (events come in any order): the failure happened all the same.
  if (await db('donations').where({ invoice_id: req.invoiceId }).first('id')) return null;
  const url = await manageLink(db, frame.publicUrl, gift.id, new Date());
  return build(
    'Your monthly gift could not be renewed',
    to,
    <MailLayout {...frame} preview="Your monthly gift could not be renewed" title="Your monthly gift could not be renewed">
      <Text>{hello}</Text>
      <Text>Your card was declined when we tried to take this month&apos;s gift of {amount}. Nothing was charged. The card will be tried again in the next days; you can update it before then.</Text>
      <Fact label="Monthly amount" value={amount} />
      <ManageOrCancel url={url} />
    </MailLayout>,
  );
}
