import { useEffect, useState } from 'react';
import { toast } from '../components/ui/toast';

/** How a failed action or load is reported: the spec's toast text, logged to the console too. */
export interface FailureReport {
  title?: string;
  message: string | ((err: unknown) => string);
}

function report(err: unknown, failure: FailureReport, id?: string): void {
  const message = typeof failure.message === 'function' ? failure.message(err) : failure.message;
  console.error(message, err);
  toast({ title: failure.title ?? 'Error', description: message, variant: 'destructive', ...(id ? { id } : {}) });
}

/**
 * Wraps an async user action: `busy` while it runs (for 'Saving...' labels and disabled buttons);
 * a failure is logged and shown as a destructive toast.
 */
export function useAction<A extends unknown[]>(fn: (...args: A) => Promise<void>, failure: FailureReport): [(...args: A) => Promise<void>, boolean] {
  const [busy, setBusy] = useState(false);
  const run = async (...args: A) => {
    setBusy(true);
    try {
      await fn(...args);
    } catch (err) {
      report(err, failure);
    } finally {
      setBusy(false);
    }
  };
  return [run, busy];
}

/** Shows (once per failure) the toast for a query that failed to load. */
export function useLoadErrorToast(query: { isError: boolean; error: unknown }, failure: FailureReport & { id: string }): void {
  const { isError, error } = query;
  const { id } = failure;
  const message = typeof failure.message === 'string' ? failure.message : '';
  const title = failure.title;
  useEffect(() => {
    if (isError) report(error, { message, ...(title ? { title } : {}) }, id);
  }, [isError, error, id, message, title]);
}
