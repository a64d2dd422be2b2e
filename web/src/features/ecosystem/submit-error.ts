import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { ECOSYSTEM_TEXT } from './content';

/** Logs a failed submission and says why in a toast (the server's words for 4xx answers such as 429). */
export function toastSubmitError(err: unknown): void {
  console.error('Form submission failed:', err);
  let description: string = ECOSYSTEM_TEXT.submitFailed;
  if (err instanceof ApiError && err.fields) description = 'Please correct the highlighted fields.';
  else if (err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500) description = err.message;
  else if (err instanceof ApiError && err.statusCode === 503) description = err.message;
  toast({ title: ECOSYSTEM_TEXT.submitFailedTitle, description, variant: 'destructive' });
}
