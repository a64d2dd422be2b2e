import { useState } from 'react';
import { FORM_LIMITS, ZBusinessApplication } from '@app/common/schemas/ecosystem-forms';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { formsApi } from '@app/common/api/forms';
import { call } from '../../lib/api';
import { Confirmation } from './Confirmation';
import { ECOSYSTEM_TEXT } from './content';
import { LongTextField, TextField } from './FormControls';
import { toastSubmitError } from './submit-error';
import { ErrorSummary } from '../forms/ErrorSummary';
import { useZodForm } from '../forms/use-form';

const EMPTY = {
  businessName: '',
  contactName: '',
  contactEmail: '',
  website: '',
  businessDescription: '',
  customerService: '',
  communityProject: '',
  businessModel: '',
  technology: '',
};

const LONG_ANSWERS = [
  { name: 'businessDescription', label: 'Business Description', placeholder: 'What does your business do, and for whom?' },
  { name: 'customerService', label: 'Customer Service', placeholder: 'How do you make sure every customer is served well?' },
  { name: 'communityProject', label: 'Community Project Support', placeholder: 'Which community projects do you support, and how?' },
  { name: 'businessModel', label: 'Business Model', placeholder: 'How does your business make money and grow sustainably?' },
  { name: 'technology', label: 'Technology', placeholder: 'How does your business use technology to serve customers?' },
] as const;

function DocumentsNote() {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed border-slate-400 bg-slate-50 p-4" data-testid="documents-note">
      <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div>
        <p className="font-semibold text-ink-900">{ECOSYSTEM_TEXT.documentsTitle}</p>
        <p className="text-sm text-slate-600">{ECOSYSTEM_TEXT.documentsNote}</p>
      </div>
    </div>
  );
}

/** The Business Application Form (spec §5); replaced by 'Application Submitted!' once stored. */
export function BusinessApplicationForm() {
  const form = useZodForm(ZBusinessApplication, EMPTY, 'application');
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Confirmation title={ECOSYSTEM_TEXT.applicationDoneTitle} testId="application-submitted">
        <p className="max-w-md text-slate-600">{ECOSYSTEM_TEXT.applicationToast}</p>
      </Confirmation>
    );
  }

  const onSubmit = form.handleSubmit(async (data) => {
    await call(formsApi.submit, { params: { form: 'business-application' }, body: data });
    toast({ title: ECOSYSTEM_TEXT.applicationToastTitle, description: ECOSYSTEM_TEXT.applicationToast, variant: 'success' });
    setDone(true);
  }, toastSubmitError);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{ECOSYSTEM_TEXT.formTitle}</CardTitle>
        <CardDescription>{ECOSYSTEM_TEXT.formIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" aria-label={ECOSYSTEM_TEXT.formTitle}>
          <ErrorSummary problems={form.problems} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Business Name" required bound={form.bind('businessName')} error={form.errors.businessName} autoComplete="organization" />
            <TextField label="Contact Name" required bound={form.bind('contactName')} error={form.errors.contactName} autoComplete="name" />
            <TextField label="Contact Email" required type="email" bound={form.bind('contactEmail')} error={form.errors.contactEmail} autoComplete="email" />
            <TextField label="Website (optional)" type="url" bound={form.bind('website')} error={form.errors.website} autoComplete="url" placeholder="https://yourbusiness.com" />
          </div>
          {LONG_ANSWERS.map((f) => (
            <LongTextField key={f.name} label={f.label} placeholder={f.placeholder} bound={form.bind(f.name)} error={form.errors[f.name]} min={FORM_LIMITS.longAnswer} />
          ))}
          <DocumentsNote />
          <div>
            <Button type="submit" size="lg" loading={form.submitting} className="w-full sm:w-auto">
              {form.submitting ? ECOSYSTEM_TEXT.submitting : ECOSYSTEM_TEXT.submitApplication}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
