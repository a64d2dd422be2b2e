import { Button, Text } from '@react-email/components';
import type { Knex } from 'knex';
import type { ReactElement } from 'react';
import { formatCohortDate, formatCohortTime } from '@app/common/domain/cohorts';
import { centsToDollars } from '@app/common/domain/payments';
import type { TMailRequest } from '@app/common/schemas/mail';
import { toPublicCohort, type CohortRow } from '@app/common/server/program/cohorts.repository';
import { wasOverbooked } from '@app/common/server/program/seats.repository';
import { BRAND } from '../render/brand';
import { Fact, MailLayout, type MailFrame } from './layout';

/** A cohort as a mail states it, in the cohort's own time zone, at the moment the mail is built. */
export interface CohortFacts {
  number: number;
  city: string;
  format: string;
  startDate: string; // "Month D, YYYY" in the cohort's zone
  sessionTime: string; // "10:00 AM EDT"
  weeks: number;
  price: string;
  /** Whether the cohort had started when the mail was built (a mail never calls a past start upcoming). */
  started: boolean;
}

async function cohortFacts(db: Knex, cohortId: string | null, now: Date): Promise<CohortFacts | null> {
  if (!cohortId) return null;
  const row = (await db('cohorts').where({ id: cohortId }).first()) as CohortRow | undefined;
  if (!row) return null;
  const c = toPublicCohort(row, now);
  return {
    number: c.number,
    city: c.city,
    format: c.format,
    startDate: formatCohortDate(c.startsAt, c.timeZone),
    sessionTime: formatCohortTime(c.startsAt, c.timeZone),
    weeks: c.weeks,
    price: `$${Number(centsToDollars(c.priceCents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    started: c.state === 'running' || c.state === 'completed',
  };
}

/** The cohort of a program payment or sponsorship, and whether the enrolment found its cohort full (refunded). */
export async function programPaymentFacts(db: Knex, paymentId: string, now: Date): Promise<{ cohort: CohortFacts | null; overbooked: boolean }> {
  const row = (await db('program_payments').where({ id: paymentId }).first('cohort_id')) as { cohort_id: string | null } | undefined;
  return { cohort: await cohortFacts(db, row?.cohort_id ?? null, now), overbooked: await wasOverbooked(db, paymentId) };
}

/** The cohort lines of an enrolment or sponsorship confirmation. */
export function CohortLines({ c }: { c: CohortFacts }) {
  return (
    <>
      <Fact label="Cohort" value={`Cohort ${c.number}, ${c.city} (${c.format})`} />
      <Fact label={c.started ? 'Started' : 'Starts'} value={`${c.startDate}, ${c.sessionTime}`} />
      <Fact label="Schedule" value={`${c.weeks} weekly sessions at ${c.sessionTime}`} />
    </>
  );
}

/** Why an enrolment was refunded in full without anyone asking: its cohort filled up before the payment arrived. */
export const cohortFullReason = (c: CohortFacts | null) =>
  `Every seat of ${c ? `cohort ${c.number}` : 'the cohort'} was taken before your payment arrived, so you were not enrolled and we refunded your payment in full. We are sorry; leave your e-mail on the incubator page to hear when the next cohort opens.`;

const button = { backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 };

function CohortOpen({ c, frame }: { c: CohortFacts; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview={`Enrolment for cohort ${c.number} is open`} title="Enrolment is open">
      <Text>You asked us to tell you when enrolment opens for I Am The Business. It is open now; seats are limited and go to the first who enrol.</Text>
      <CohortLines c={c} />
      <Fact label="Price" value={c.price} />
      <Button href={`${frame.publicUrl}/incubator-application`} style={button}>
        Enrol now
      </Button>
    </MailLayout>
  );
}

/** "Notify me when enrolment opens": the cohort the request was notified of, to the address it gave. */
export async function cohortOpenMessage(
  db: Knex,
  req: Extract<TMailRequest, { kind: 'cohort-open' }>,
  frame: MailFrame,
  build: (subject: string, to: string, element: ReactElement) => Promise<{ to: string; subject: string; html: string; text: string }>,
  recipient: (email: unknown) => string | null,
) {
  const row = (await db('cohort_notify_requests').where({ id: req.requestId }).first('email', 'notified_cohort_id')) as { email: string; notified_cohort_id: string | null } | undefined;
  const to = recipient(row?.email);
  const c = await cohortFacts(db, row?.notified_cohort_id ?? null, new Date());
  if (!to || !c || c.started) return null;
  return build(`Enrolment for cohort ${c.number} is open`, to, <CohortOpen c={c} frame={frame} />);
}
