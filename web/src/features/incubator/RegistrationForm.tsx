import { registrationMailto } from '@app/common/domain/outreach';
import { ZIncubatorRegistration } from '@app/common/schemas/forms';
import { Button } from '../../components/ui/button';
import { PersonFields } from './PersonFields';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { ErrorSummary } from '../forms/ErrorSummary';
import { reportSubmitFailure, openMailDraft, submitForm } from '../forms/submit';
import { openPendingTab } from '../../lib/new-tab';
import { useZodForm } from '../forms/use-form';
import { useSiteSettings } from '../site/site-data';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', businessIdea: '', experience: '', goals: '', availability: '' };

/** Form B opens the external registration page this long after the mail draft (spec §9). */
const REGISTRATION_REDIRECT_MS = 1000;

/**
 * Form B, the incubator registration (spec §3, §5): cleaned values with the spec's length messages, stored through
 * the API, then the visitor's mail client opens a prefilled message to the organisation and, a second later, the
 * external registration page shows in the tab opened by the click. On error it logs, clears the submitting flag and
 * still shows the registration page.
 */
export function RegistrationForm() {
  const form = useZodForm(ZIncubatorRegistration, EMPTY, 'incubator-registration');
  const { errors, submitting } = form;
  const { contactEmail, registrationUrl } = useSiteSettings();

  const onSubmit = form.handleSubmit(async (data) => {
    // Opened inside the click (before any await) when the organisation has set its registration page; it shows that
    // page even if storing the form fails. The mail draft needs the contact address set, too.
    const tab = registrationUrl ? openPendingTab() : null;
    try {
      await submitForm('incubator-registration', data);
    } catch (err) {
      if (registrationUrl) tab?.go(registrationUrl);
      throw err;
    }
    if (contactEmail) openMailDraft(registrationMailto(contactEmail, data));
    if (registrationUrl) setTimeout(() => tab?.go(registrationUrl), REGISTRATION_REDIRECT_MS);
    toast({ title: 'Registration sent', description: 'Your e-mail app opens with your details; the registration page opens in a new tab.', variant: 'success' });
    form.reset();
  }, reportSubmitFailure('Incubator registration'));

  const bind = form.bind;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Incubator registration" className="flex flex-col gap-4">
      <ErrorSummary problems={form.problems} />
      <PersonFields bind={bind} errors={errors} />
      <Field label="Business Idea" required error={errors.businessIdea}>
        <Textarea rows={3} {...bind('businessIdea')} />
      </Field>
      <Field label="Entrepreneurial Experience" required error={errors.experience}>
        <Textarea rows={3} {...bind('experience')} />
      </Field>
      <Field label="Goals for the Program" required error={errors.goals}>
        <Textarea rows={3} {...bind('goals')} />
      </Field>
      <Field label="Availability" required error={errors.availability} hint="Confirm you can attend the weekly sessions at the cohort's session time.">
        <Textarea rows={2} {...bind('availability')} />
      </Field>
      <Button type="submit" variant="secondary" size="lg" disabled={submitting} className="w-full">
        {submitting ? 'Submitting Application...' : 'Submit Application'}
      </Button>
    </form>
  );
}
