import { useId, type ReactNode } from 'react';
import { ZIncubatorApplication, type TIncubatorApplicationDraft } from '@app/common/schemas/forms';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { PersonFields } from './PersonFields';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { ErrorSummary } from '../forms/ErrorSummary';
import { reportSubmitFailure, submitForm } from '../forms/submit';
import { useZodForm } from '../forms/use-form';
import { PROGRAM } from './program';
import { useProgram } from '../program/store';

const EMPTY: TIncubatorApplicationDraft = { firstName: '', lastName: '', email: '', phone: '', businessIdea: '', commitment: false, termsAccepted: false };

/** A checkbox with its label beside it and its message under it (Field stacks label above control). */
function CheckboxField({ id: given, checked, onChange, error, children }: { id?: string | undefined; checked: boolean; onChange: (v: boolean) => void; error?: string | undefined; children: ReactNode }) {
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="mt-0.5" />
        <label htmlFor={id} className="text-sm leading-relaxed text-ink-900">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Form A, the incubator application (spec §3, §5): every field required with the spec's messages, stored through
 * the API; 'Submitting Application...' while busy; the 'Application Submitted!' toast and a reset on success.
 */
export function ApplicationForm() {
  const form = useZodForm(ZIncubatorApplication, EMPTY, 'incubator-application');
  // The presented cohort's weeks (data), when known.
  const weeks = useProgram()?.next?.weeks;
  const { values, errors, submitting } = form;

  const onSubmit = form.handleSubmit(async (data) => {
    await submitForm('incubator-application', data);
    toast({ title: 'Application Submitted!', description: `We'll review your application and get back to you within ${PROGRAM.reviewHours} hours.`, variant: 'success' });
    form.reset();
  }, reportSubmitFailure('Incubator application'));

  const text = form.bind;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Incubator application" className="flex flex-col gap-5">
      <ErrorSummary problems={form.problems} />
      <PersonFields bind={text} errors={errors} contactRow />
      <Field label="Your Business Idea" required error={errors.businessIdea} hint="At least 50 characters: the problem, who has it, and how you will solve it.">
        <Textarea rows={5} {...text('businessIdea')} />
      </Field>
      <CheckboxField id={form.fieldId('commitment')} checked={values.commitment} onChange={(v) => form.set('commitment', v)} error={errors.commitment}>
        I commit to attending all {weeks ? `${weeks} ` : 'the '}weekly sessions, with at most {PROGRAM.makeupSessions} makeup session across the program.
      </CheckboxField>
      <CheckboxField id={form.fieldId('termsAccepted')} checked={values.termsAccepted} onChange={(v) => form.set('termsAccepted', v)} error={errors.termsAccepted}>
        I accept the program&rsquo;s terms and conditions.
      </CheckboxField>
      <Button type="submit" variant="secondary" size="lg" disabled={submitting} className="w-full sm:w-auto sm:self-start">
        {submitting ? 'Submitting Application...' : 'Submit Application'}
      </Button>
    </form>
  );
}
