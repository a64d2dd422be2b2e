import type { TPaymentVerification } from '@app/common/api/payments';
import { PROGRAM_FACTS } from '@app/common/domain/program';
import { ReceiptCode } from '../payments/checkout-outcome';
import { cohortText } from './cohort-text';

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <div className="text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
        ✓
      </div>
      <h1 className="mt-4 font-display text-4xl font-semibold text-ink-900">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
    </div>
  );
}

/** The paid enrolment's or sponsorship's own words: a welcome with the cohort's start, a sponsor's thanks, or a refund. */
export function PaidProgram({ data }: { data: TPaymentVerification }) {
  const cohort = data.program?.cohort ?? null;
  const t = cohort ? cohortText(cohort) : null;
  if (data.kind === 'sponsorship') {
    return (
      <>
        <Heading title="Thank you for your sponsorship!" text={`Your gift places an 11th or 12th grade student in ${PROGRAM_FACTS.name}${t ? `, ${t.label}` : ''}, at no cost to their family.`} />
        <ReceiptCode code={data.receipt_code} />
        <p className="text-slate-700">A receipt is on its way by e-mail. We will write to tell you which student your sponsorship supports and how their program went.</p>
      </>
    );
  }
  if (data.program?.seat === 'overbooked') {
    return (
      <>
        <h1 className="text-center font-display text-3xl font-semibold text-ink-900">This cohort filled up before your payment arrived</h1>
        <ReceiptCode code={data.receipt_code} />
        <p className="text-slate-700">You are not enrolled, and we have refunded your payment in full; the money goes back to the card or account you paid with within 5-10 business days. We are sorry.</p>
      </>
    );
  }
  const started = cohort ? cohort.state === 'running' || cohort.state === 'completed' : false;
  return (
    <>
      <Heading title="Payment Successful!" text={`Welcome to ${PROGRAM_FACTS.name}${cohort ? `, ${t!.label}: our ${cohort.weeks}-week business incubator` : ''}.`} />
      <ReceiptCode code={data.receipt_code} />
      {cohort && t ? (
        <div className="rounded-lg bg-ink-900 p-5 text-white">
          <p className="text-sm uppercase tracking-wider text-gold-300">{started ? 'Program started' : 'Program start'}</p>
          <p className="mt-1 text-xl font-semibold">
            {t.startDate} · {t.sessionTime}
          </p>
          <p className="text-slate-200">
            {cohort.city}: {cohort.format}
          </p>
        </div>
      ) : null}
      <div>
        <h2 className="font-display text-xl font-semibold text-ink-900">Next steps</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>A confirmation e-mail arrives within {PROGRAM_FACTS.confirmationHours} hours.</li>
          <li>You get access to the chat community {PROGRAM_FACTS.communityAccess}.</li>
          <li>Pre-program materials are sent to you by e-mail.</li>
        </ol>
      </div>
    </>
  );
}
