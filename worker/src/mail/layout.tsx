import { Body, Container, Heading, Hr, Html, Head, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { BRAND } from '../render/brand';

/** What every message's frame needs: the product name, the site's origin, and the footer lines. */
export interface MailFrame {
  productName: string;
  publicUrl: string;
  /** Present on newsletter-type mail only: the one-click way out. */
  unsubscribeUrl?: string;
  /** Signs the receipts links receipt mails carry (link-secret.ts); unset, they carry none. */
  linkSecret?: string;
}

const styles = {
  body: { backgroundColor: BRAND.paper, fontFamily: 'Inter, Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, margin: '0 auto', overflow: 'hidden' as const },
  header: { backgroundColor: BRAND.ink900, padding: '20px 32px' },
  brand: { color: BRAND.gold400, fontSize: 20, fontWeight: 700, margin: 0, fontFamily: "'Playfair Display', Georgia, serif" },
  content: { padding: '8px 32px 24px' },
  heading: { color: BRAND.ink900, fontSize: 24, fontFamily: "'Playfair Display', Georgia, serif" },
  footer: { color: '#6b7280', fontSize: 12, padding: '0 32px 24px' },
};

/** The site's look in a mail: navy header with the gold name, white card on warm paper. */
export function MailLayout(props: MailFrame & { preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{props.productName}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {props.title}
            </Heading>
            {props.children}
          </Section>
          <Hr />
          <Section style={styles.footer}>
            <Text>
              {props.productName} · <Link href={props.publicUrl}>{props.publicUrl}</Link>
            </Text>
            {props.unsubscribeUrl ? (
              <Text>
                You receive this because you subscribed to our insights. <Link href={props.unsubscribeUrl}>Unsubscribe</Link>
              </Text>
            ) : (
              <Text>You receive this because you gave us this address on our site.</Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** One "label: value" line of a summary. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text style={{ margin: '4px 0', color: BRAND.ink900 }}>
      <strong>{label}:</strong> {value}
    </Text>
  );
}
