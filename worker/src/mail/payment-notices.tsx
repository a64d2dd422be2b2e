import { Text } from '@react-email/components';
import { Fact, MailLayout, type MailFrame } from './layout';

/** The facts of one refund or dispute notice, already formatted for people. */
export interface NoticeFacts {
  amount: string; // "$2,497.00", what was paid
  receiptCode: string;
  refunded: string; // refunded so far
  remaining: string; // what the payment still stands at
  /** Tokens taken back from the public ledger so far; null when the payment made none. */
  tokensTakenBack: string | null;
  /** Why we refunded without being asked (an enrolment whose cohort was full), when we did. */
  reason?: string | null;
}

export const REFUND_SUBJECTS = { partial: 'Part of your payment was refunded', full: 'Your payment was refunded' } as const;
export const DISPUTE_SUBJECTS = { open: 'A dispute was opened on your payment', won: 'The dispute on your payment is closed', lost: 'The dispute on your payment is closed' } as const;

function Amounts({ p }: { p: NoticeFacts }) {
  return (
    <>
      <Fact label="Amount paid" value={p.amount} />
      <Fact label="Refunded so far" value={p.refunded} />
      <Fact label="Remaining" value={p.remaining} />
      {p.tokensTakenBack ? <Fact label="ADX tokens taken back" value={p.tokensTakenBack} /> : null}
      <Fact label="Receipt" value={p.receiptCode} />
    </>
  );
}

/** A refund, full or partial: what came back so far and what stands. */
export function PaymentRefunded({ p, full, frame }: { p: NoticeFacts; full: boolean; frame: MailFrame }) {
  const subject = REFUND_SUBJECTS[full ? 'full' : 'partial'];
  return (
    <MailLayout {...frame} preview={subject} title={full ? 'Payment refunded' : 'Payment partially refunded'}>
      {p.reason ? <Text>{p.reason}</Text> : null}
      <Text>{full ? 'Your payment has been refunded in full.' : 'Part of your payment has been refunded.'} The money goes back to the card or account you paid with, usually within 5-10 business days.</Text>
      <Amounts p={p} />
      {p.tokensTakenBack ? <Text>The ADX tokens bought with the refunded amount were taken back on the public token ledger.</Text> : null}
    </MailLayout>
  );
}

const DISPUTE_TEXT = {
  open: 'Your bank has opened a dispute on this payment. While it is open, the payment is on hold; we will write again when the bank decides.',
  won: 'The dispute on this payment was closed in our favour: the payment stands as before.',
  lost: 'The dispute on this payment was closed in your favour: the whole amount went back to you.',
} as const;

/** A dispute opened, or closed won or lost. */
export function PaymentDispute({ p, state, frame }: { p: NoticeFacts; state: keyof typeof DISPUTE_TEXT; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview={DISPUTE_SUBJECTS[state]} title={state === 'open' ? 'Payment disputed' : 'Dispute closed'}>
      <Text>{DISPUTE_TEXT[state]}</Text>
      <Amounts p={p} />
      {state === 'lost' && p.tokensTakenBack ? <Text>The ADX tokens of this payment were taken back on the public token ledger.</Text> : null}
    </MailLayout>
  );
}
