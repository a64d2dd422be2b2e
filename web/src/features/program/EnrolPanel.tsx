import { PaymentButton } from '../payments/PaymentButton';
import { cohortText, enrolState } from './cohort-text';
import { NotifyForm } from './NotifyForm';
import { useProgram } from './store';

/**
 * Enroll and Sponsor for the cohort the pages present, when it sells; otherwise what is true instead ("This cohort is
 * full", enrolment not open yet, none announced) with the "notify me" form. The price and seats are the cohort's.
 */
export function EnrolPanel({ sponsor = true }: { sponsor?: boolean }) {
  const program = useProgram();
  const s = enrolState(program ? program.next : undefined);
  if (s.kind === 'loading') return <p className="text-sm text-slate-600" data-testid="enrol-loading">Loading the next cohort…</p>;
  if (s.kind === 'open') {
    const t = cohortText(s.c);
    return (
      <div className="flex flex-col gap-2.5" data-testid="enrol-panel" data-state="open">
        <PaymentButton kind="enroll" size="lg" className="w-full">
          Enroll Now - {t.price}
        </PaymentButton>
        {sponsor ? (
          <>
            <PaymentButton kind="sponsor" variant="secondary" size="lg" className="w-full">
              Sponsor a Student - {t.price}
            </PaymentButton>
            <p className="text-center text-xs text-slate-600">A sponsorship places an 11th or 12th grader in the program.</p>
          </>
        ) : null}
      </div>
    );
  }
  const message =
    s.kind === 'full'
      ? { title: 'This cohort is full', text: `Every seat of ${cohortText(s.c).label} is taken. Leave your e-mail and we will tell you when enrolment for the next cohort opens.` }
      : s.kind === 'upcoming'
        ? { title: 'Enrolment opens soon', text: `Enrolment for ${cohortText(s.c).label} opens ${cohortText(s.c).opens}.` }
        : s.kind === 'closed'
          ? { title: 'Enrolment has closed', text: `Enrolment for ${cohortText(s.c).label} has closed.` }
          : { title: 'No cohort is open for enrolment right now', text: 'The next cohort has not been announced yet.' };
  return (
    <div className="flex flex-col gap-3" data-testid="enrol-panel" data-state={s.kind}>
      <p role="status" className="font-display text-xl font-semibold text-ink-900">
        {message.title}
      </p>
      <p className="text-sm text-slate-700">{message.text}</p>
      <NotifyForm />
    </div>
  );
}
