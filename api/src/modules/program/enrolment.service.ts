import type { Knex } from 'knex';
import { loadProgramSeed } from '@app/common/server/program/cohorts.repository';
import { holdSeat, releaseSeat } from '@app/common/server/program/seats.repository';
import { insertProgramPayment } from '@app/common/server/payments/payments.repository';
import { httpError } from '../../http-error';
import { startCheckout, type CheckoutDeps } from '../payments/provider';

/** The words the Enroll button shows when every seat is taken or held (the web app matches them). */
const COHORT_FULL = 'This cohort is full';

/** What an enrolment or sponsorship checkout needs besides the database and provider. */
interface ProgramCheckout {
  now: Date;
  email: string | null;
  /** The signed-in member paying (their /account lists it), or null. */
  userId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A held enrolment's payment description, a format() template of the cohort's number and weeks. */
const ENROLMENT_DESCRIPTION = 'Enrollment in cohort %s of the %s-week business incubator program.';

/**
 * Enroll: holds a seat of the next cohort (409 'This cohort is full', or 409 when no cohort's enrolment is open),
 * then opens a checkout that expires with the hold. A checkout the provider refuses frees the seat at once.
 * The seat statement chooses the cohort and returns what the checkout shows, so a refusal costs one statement
 * and a held seat three (the hold, the provider's session, the session id on the row).
 */
export async function startEnrolment(deps: CheckoutDeps, p: ProgramCheckout): Promise<{ url: string }> {
  const hold = await holdSeat(deps.db, { now: p.now, payerEmail: p.email, userId: p.userId, describe: ENROLMENT_DESCRIPTION });
  if (!hold.ok) throw httpError(409, hold.reason === 'full' ? COHORT_FULL : 'Enrolment is not open right now. Leave your e-mail and we will tell you when it opens.');
  try {
    const session = await startCheckout(deps, {
      kind: 'program',
      rowId: hold.paymentId,
      receiptCode: hold.receiptCode,
      amountCents: hold.priceCents,
      name: `I Am The Business — cohort ${hold.number}, ${hold.weeks}-week incubator`,
      description: `Enrollment in cohort ${hold.number} (${hold.city}), starting ${hold.startsOn}.`,
      successUrl: p.successUrl,
      cancelUrl: p.cancelUrl,
      email: p.email,
      expiresAt: hold.expiresAt,
    });
    return { url: session.url };
  } catch (err) {
    await closeUnstarted(deps.db, hold.paymentId);
    throw err;
  }
}

/** An enrolment whose checkout never opened: failed, and its seat free again. */
async function closeUnstarted(db: Knex, paymentId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('program_payments').where({ id: paymentId, status: 'pending' }).forUpdate().update({ status: 'failed', updated_at: trx.fn.now() });
    await releaseSeat(trx, paymentId);
  });
}

/**
 * Sponsor a Student: a student's place in the cohort the pages present, at its price, without taking a participant's
 * seat (the organisation places the student). Nothing is sold for a cohort that has started.
 */
export async function startSponsorship(deps: CheckoutDeps, p: ProgramCheckout): Promise<{ url: string }> {
  const { next: cohort } = await loadProgramSeed(deps.db, p.now);
  if (!cohort) throw httpError(409, 'No cohort is announced right now. Leave your e-mail and we will tell you when enrolment opens.');
  const description = `Sponsorship of an 11th or 12th grade student in cohort ${cohort.number} of the ${cohort.weeks}-week incubator program.`;
  const rowId = await insertProgramPayment(deps.db, { kind: 'sponsorship', amountCents: cohort.priceCents, description, payerEmail: p.email, cohortId: cohort.id, userId: p.userId });
  const session = await startCheckout(deps, {
    kind: 'sponsorship',
    rowId,
    amountCents: cohort.priceCents,
    name: 'Sponsor a Student — I Am The Business',
    description,
    successUrl: p.successUrl,
    cancelUrl: p.cancelUrl,
    email: p.email,
  });
  return { url: session.url };
}
