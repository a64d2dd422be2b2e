import { type TFormStored } from '@app/common/schemas/forms';
import { toast } from '../../components/ui/toast';
import { formsApi } from '@app/common/api/forms';
import { ApiError, call } from '../../lib/api';

/** The stored forms' endpoints. */
export type FormPath = 'scholarship' | 'consultation' | 'incubator-application' | 'incubator-registration';

/** Stores a form (POST /api/forms/:path); throws ApiError (400 with each field's message, 429 when too many). */
export function submitForm(path: FormPath, body: unknown): Promise<TFormStored> {
  return call(formsApi.submit, { params: { form: path }, body });
}

/** Opens a prepared e-mail in the visitor's mail client (a mailto: link in this tab leaves the page where it is). */
export function openMailDraft(url: string): void {
  window.open(url, '_self');
}

/** The message shown when storing a form fails for a reason other than invalid fields (spec §8, form A failure). */
const SUBMISSION_ERROR = { title: 'Submission Error', description: 'Something went wrong. Please try again.' } as const;

/** The toast for a 429 (spec's rate-limit text). */
export function failureToast(err: unknown): { title: string; description: string } {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  if (status === 429) return { title: 'Submission Error', description: 'Too many attempts. Please wait before trying again.' };
  return SUBMISSION_ERROR;
}

/**
 * The onError of a form's handleSubmit: logs the failure and, unless the server's field messages are
 * already shown under the fields (a 400 with fields), says so in a toast.
 */
export function reportSubmitFailure(what: string): (err: unknown) => void {
  return (err) => {
    console.error(`${what} failed:`, err);
    if (!(err instanceof ApiError && err.statusCode === 400 && err.fields)) toast({ ...failureToast(err), variant: 'destructive' });
  };
}
