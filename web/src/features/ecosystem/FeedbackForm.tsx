import { useState } from 'react';
import { FEEDBACK_TYPES, FORM_LIMITS, ZFeedback, type TFeedbackType } from '@app/common/schemas/ecosystem-forms';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { formsApi } from '@app/common/api/forms';
import { call } from '../../lib/api';
import { Confirmation } from './Confirmation';
import { ECOSYSTEM_TEXT } from './content';
import { LongTextField, TextField } from './FormControls';
import { toastSubmitError } from './submit-error';
import { ErrorSummary } from '../forms/ErrorSummary';
import { useZodForm } from '../forms/use-form';

const EMPTY = { name: '', email: '', businessName: '', type: 'feedback', subject: '', message: '' };

const TYPE_LABELS: Record<TFeedbackType, string> = { feedback: 'Feedback', complaint: 'Complaint', suggestion: 'Suggestion' };

function thanks(type: TFeedbackType): string {
  return type === 'complaint' ? ECOSYSTEM_TEXT.complaintToast : ECOSYSTEM_TEXT.feedbackToast;
}

/** The feedback / complaint / suggestion form; 'Feedback Submitted!' with 'Submit Another Feedback' once stored. */
export function FeedbackForm() {
  const form = useZodForm(ZFeedback, EMPTY, 'feedback');
  const [sentType, setSentType] = useState<TFeedbackType | null>(null);

  if (sentType) {
    return (
      <Confirmation title={ECOSYSTEM_TEXT.feedbackDoneTitle} testId="feedback-submitted">
        <p className="max-w-md text-slate-600">{thanks(sentType)}</p>
        <Button
          variant="outline"
          className="mt-2"
          onClick={() => {
            form.reset();
            setSentType(null);
          }}
        >
          {ECOSYSTEM_TEXT.submitAnother}
        </Button>
      </Confirmation>
    );
  }

  const onSubmit = form.handleSubmit(async (data) => {
    await call(formsApi.submit, { params: { form: 'feedback' }, body: data });
    toast({ title: ECOSYSTEM_TEXT.feedbackToastTitle, description: thanks(data.type), variant: 'success' });
    setSentType(data.type);
  }, toastSubmitError);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Tell us what you think</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" aria-label="Feedback form">
          <ErrorSummary problems={form.problems} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Name (optional)" bound={form.bind('name')} error={form.errors.name} autoComplete="name" />
            <TextField label="Email (optional)" type="email" bound={form.bind('email')} error={form.errors.email} autoComplete="email" placeholder="For a reply" />
            <TextField label="Business Name (optional)" bound={form.bind('businessName')} error={form.errors.businessName} autoComplete="organization" />
            <Select value={form.values.type} onValueChange={(v) => form.set('type', v)} name="type">
              <Field label="Type" required error={form.errors.type}>
                <SelectTrigger id="feedback-type">
                  <SelectValue />
                </SelectTrigger>
              </Field>
              <SelectContent>
                {FEEDBACK_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <TextField label="Subject" required bound={form.bind('subject')} error={form.errors.subject} />
          <LongTextField label="Message" bound={form.bind('message')} error={form.errors.message} max={FORM_LIMITS.messageMax} rows={6} />
          <div>
            <Button type="submit" size="lg" loading={form.submitting} className="w-full sm:w-auto">
              {form.submitting ? ECOSYSTEM_TEXT.submitting : ECOSYSTEM_TEXT.submitFeedback}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
