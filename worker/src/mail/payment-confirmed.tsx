import { Button, Link, Text } from '@react-email/components';
import { ledgerVerifyPath } from '@app/common/api/ledger-paths';
import { PROGRAM_FACTS } from '@app/common/domain/program';
import { BRAND } from '../render/brand';
import { Fact, MailLayout, type MailFrame } from './layout';
import { ManageOrCancel } from './monthly-mail';
import { CohortLines, type CohortFacts } from './program-mail';
import { ReceiptsLinkText } from './account-mail';

export interface PaymentFacts {
  kind: 'donation' | 'program' | 'sponsorship' | 'investment';
  amount: string; // "$2,497.00"
  receiptCode: string;
  paidAt: string; // "November 23, 2026"
  investorId: string | null;
  tokens: string | null;
  donorName?: string | null;
  /** The cohort of an enrolment or sponsorship (from the cohorts table), null for other payments. */
  cohort?: CohortFacts | null;
  /** The ledger row's index in the transparency log, when the payment made one. */
  logIndex?: number | null;
  /** The payer's receipts page (a signed, expiring link), when there is a secret to sign it. */
  receiptsUrl?: string | null;
  /** A month of a monthly gift: its signed "Manage or cancel" link. */
  manageUrl?: string | null;
}

/** The receipt's ledger row and the link that verifies it in the reader's browser. */
function LedgerRowFact({ p, frame }: { p: PaymentFacts; frame: MailFrame }) {
  if (p.logIndex === null || p.logIndex === undefined) return null;
  const verify = `${frame.publicUrl}${ledgerVerifyPath(p.logIndex)}`;
  return (
    <>
      <Fact label="Ledger row" value={`#${p.logIndex.toLocaleString('en-US')}`} />
      <Text>
        Check that it is in the signed public ledger: <Link href={verify}>{verify}</Link>
      </Text>
    </>
  );
}

const button = { backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 };

/** Program enrolment: the cohort's start, schedule and a participant's next steps. */
function ProgramBody({ p, frame }: { p: PaymentFacts; frame: MailFrame }) {
  return (
    <>
      <Text>Welcome to {PROGRAM_FACTS.name}. Your payment is confirmed and your seat is yours.</Text>
      <Fact label="Amount" value={p.amount} />
      <Fact label="Receipt" value={p.receiptCode} />
      {p.cohort ? <CohortLines c={p.cohort} /> : null}
      <Text>
        <strong>Next steps</strong>
        <br />• Chat community access {PROGRAM_FACTS.communityAccess}
        <br />• Pre-program materials by e-mail before the start
      </Text>
      <Button href={`${frame.publicUrl}/events/i-am-the-business`} style={button}>
        Program details
      </Button>
    </>
  );
}

/** A sponsorship pays for a student the organisation places: the sponsor is thanked, not enrolled. */
function SponsorshipBody({ p }: { p: PaymentFacts }) {
  return (
    <>
      <Text>Thank you for sponsoring a student in {PROGRAM_FACTS.name}. Your payment is confirmed.</Text>
      <Fact label="Amount" value={p.amount} />
      <Fact label="Receipt" value={p.receiptCode} />
      {p.cohort ? <Fact label="Cohort" value={`Cohort ${p.cohort.number}, ${p.cohort.city}`} /> : null}
      <Text>
        Your gift places an 11th or 12th grade student in the program at no cost to their family. We will write to tell you
        which student your sponsorship supports and how their program went.
      </Text>
    </>
  );
}

function DonationBody({ p, frame }: { p: PaymentFacts; frame: MailFrame }) {
  const ledger = p.investorId ? `${frame.publicUrl}/token-ledger?search=${encodeURIComponent(p.investorId)}` : null;
  return (
    <>
      <Text>
        Thank you{p.donorName ? `, ${p.donorName}` : ''}, for supporting the movement{p.manageUrl ? ' every month' : ''}.
      </Text>
      {p.manageUrl ? <Fact label="Gift" value="Monthly" /> : null}
      <Fact label="Amount" value={p.amount} />
      <Fact label="Receipt" value={p.receiptCode} />
      <Fact label="Date" value={p.paidAt} />
      {p.investorId && p.tokens && ledger ? (
        <>
          <Fact label="Investor ID" value={p.investorId} />
          <Fact label="ADX tokens" value={p.tokens} />
          <Text>
            Your tokens are on the public ledger: <Link href={ledger}>{ledger}</Link>
          </Text>
          <LedgerRowFact p={p} frame={frame} />
        </>
      ) : null}
      {p.manageUrl ? <ManageOrCancel url={p.manageUrl} /> : null}
    </>
  );
}

function InvestmentBody({ p, frame }: { p: PaymentFacts; frame: MailFrame }) {
  return (
    <>
      <Text>Your ADX token investment is confirmed. Keep this e-mail as your receipt.</Text>
      <Fact label="Amount" value={p.amount} />
      <Fact label="ADX tokens allocated" value={p.tokens ?? '0'} />
      <Fact label="Investor ID" value={p.investorId ?? '—'} />
      <Fact label="Date" value={p.paidAt} />
      <Fact label="Payment status" value="Paid" />
      <Fact label="Receipt" value={p.receiptCode} />
      <LedgerRowFact p={p} frame={frame} />
      <Text>
        <strong>Important Information</strong>
        <br />• Pre-launch tokens convert to official tokens at launch on the blockchain.
        <br />• Keep this receipt for your records.
      </Text>
    </>
  );
}

export const PAYMENT_SUBJECTS: Record<PaymentFacts['kind'], string> = {
  program: 'Your enrolment in I Am The Business is confirmed',
  sponsorship: 'Your student sponsorship is confirmed',
  donation: 'Thank you for your donation',
  investment: 'Your ADX investment receipt',
};

/** The confirmation of one paid payment. */
export function PaymentConfirmed({ p, frame }: { p: PaymentFacts; frame: MailFrame }) {
  const body =
    p.kind === 'donation' ? <DonationBody p={p} frame={frame} /> : p.kind === 'investment' ? <InvestmentBody p={p} frame={frame} /> : p.kind === 'sponsorship' ? <SponsorshipBody p={p} /> : <ProgramBody p={p} frame={frame} />;
  return (
    <MailLayout {...frame} preview={PAYMENT_SUBJECTS[p.kind]} title={p.kind === 'donation' || p.kind === 'sponsorship' ? 'Thank you!' : p.kind === 'investment' ? 'Investment Successful!' : 'Payment Successful!'}>
      {body}
      <ReceiptsLinkText url={p.receiptsUrl} />
    </MailLayout>
  );
}
