import { Button, Link, Text } from '@react-email/components';
import { BRAND } from '../render/brand';
import { MailLayout, type MailFrame } from './layout';

const button = { backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 };

/** The acknowledgement of a stored form, with the answer time the page promised. */
export function FormReceived({ title, promise, name, frame }: { title: string; promise: string; name: string | null; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview={`We received your ${title}`} title={`We received your ${title}`}>
      <Text>{name ? `Hello ${name},` : 'Hello,'}</Text>
      <Text>Thank you for your {title}. {promise}</Text>
      <Text>If you did not send this, you can ignore this e-mail.</Text>
    </MailLayout>
  );
}

/** Double opt-in: nothing is sent to the address until its owner opens this link. */
export function NewsletterConfirm({ confirmUrl, expiresHours, frame }: { confirmUrl: string; expiresHours: number; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview="Confirm your subscription" title="Confirm your subscription">
      <Text>Someone (we hope you) asked to receive insights from {frame.productName} at this address.</Text>
      <Button href={confirmUrl} style={button}>
        Confirm subscription
      </Button>
      <Text>
        Or open this link: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text>The link expires in {expiresHours} hours. If you did not ask, ignore this e-mail and nothing will be sent.</Text>
    </MailLayout>
  );
}

/** Sent once a subscription is confirmed: the first newsletter-type mail, so it carries the unsubscribe link. */
export function NewsletterWelcome({ frame }: { frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview="You are subscribed" title="You are subscribed">
      <Text>Thank you for confirming. You will receive insights from {frame.productName}: events, cohort news and stories from our community.</Text>
      <Button href={frame.publicUrl} style={button}>
        Visit the site
      </Button>
    </MailLayout>
  );
}

/** The speaker's invitation: session, time, the studio link and the token to enter there. */
export function SpeakerInvitation({ title, when, studioUrl, token, frame }: { title: string; when: string; studioUrl: string; token: string; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview={`You are speaking: ${title}`} title="You are our guest speaker">
      <Text>
        <strong>{title}</strong>
        <br />
        {when}
      </Text>
      <Text>Open the studio at the session time and enter this speaker token:</Text>
      <Text style={{ fontFamily: 'monospace', fontSize: 14, backgroundColor: '#f1f5f9', padding: 12, borderRadius: 8, wordBreak: 'break-all' }}>{token}</Text>
      <Button href={studioUrl} style={button}>
        Open the studio
      </Button>
      <Text>
        Studio: <Link href={studioUrl}>{studioUrl}</Link>
      </Text>
      <Text>The token is valid until the end of the day after your session. Keep it to yourself: it opens your session&apos;s studio.</Text>
    </MailLayout>
  );
}
