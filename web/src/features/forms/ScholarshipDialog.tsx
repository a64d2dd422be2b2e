import { scholarshipMailto } from '@app/common/domain/outreach';
import { ZScholarshipApplication } from '@app/common/schemas/forms';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { useSiteSettings } from '../site/site-data';
import { reportSubmitFailure, openMailDraft, submitForm } from './submit';
import { useZodForm } from './use-form';

const EMPTY = { fullName: '', email: '', phone: '', businessIdea: '', financialNeed: '', communityImpact: '', experience: '', commitment: '' };

/**
 * The scholarship application (spec §2 dialogs, §5): every field required except experience, the e-mail checked.
 * The application is stored, then the visitor's mail client opens a draft to the organisation holding every field
 * and the date; the form resets and the dialog closes.
 */
export default function ScholarshipDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(ZScholarshipApplication, EMPTY);
  const { errors, submitting: busy } = form;
  const { contactEmail } = useSiteSettings();

  const onSubmit = form.handleSubmit(async (data) => {
    await submitForm('scholarship', data);
    if (contactEmail) openMailDraft(scholarshipMailto(contactEmail, data, new Date()));
    toast({ title: 'Scholarship application received', description: 'Your e-mail app opens with a copy. You will hear from us within 5-7 business days.', variant: 'success' });
    form.reset();
    onOpenChange(false);
  }, reportSubmitFailure('Scholarship application'));

  const text = form.bind;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Scholarship Application</DialogTitle>
          <DialogDescription>
            Apply for a scholarship to &lsquo;I Am The Business&rsquo;, our 12-week incubator. Scholarships go to entrepreneurs with financial need; decisions
            take 5-7 business days.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 flex flex-col gap-4" aria-label="Scholarship application">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full Name" required error={errors.fullName}>
              <Input autoComplete="name" {...text('fullName')} />
            </Field>
            <Field label="Email" required error={errors.email}>
              <Input type="email" autoComplete="email" {...text('email')} />
            </Field>
          </div>
          <Field label="Phone Number" required error={errors.phone}>
            <Input type="tel" autoComplete="tel" {...text('phone')} />
          </Field>
          <Field label="Business Idea" required error={errors.businessIdea} hint="What will you build, and for whom?">
            <Textarea rows={3} {...text('businessIdea')} />
          </Field>
          <Field label="Financial Need" required error={errors.financialNeed} hint="Why do you need a scholarship to take part?">
            <Textarea rows={3} {...text('financialNeed')} />
          </Field>
          <Field label="Community Impact Vision" required error={errors.communityImpact}>
            <Textarea rows={3} {...text('communityImpact')} />
          </Field>
          <Field label="Relevant Experience (optional)" error={errors.experience}>
            <Textarea rows={2} {...text('experience')} />
          </Field>
          <Field label="Commitment Statement" required error={errors.commitment} hint="How will you commit to all 12 weekly sessions?">
            <Textarea rows={2} {...text('commitment')} />
          </Field>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
