import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';

/** Each field's first message. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** First message per top-level field of a zod error. */
function firstMessages<T>(error: z.ZodError): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out as FieldErrors<T>;
}

/**
 * Form state checked with the form's shared zod schema (the one its API route uses): messages appear on submit,
 * and once shown they follow each edit; a 400 from the server shows its per-field messages the same way.
 */
export function useZodForm<S extends z.ZodType, Values extends object>(schema: S, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Values): FieldErrors<Values> => {
    const r = schema.safeParse(next);
    return r.success ? {} : firstMessages<Values>(r.error);
  };

  return {
    values,
    errors,
    /** Sets one field; re-checks the form when messages are already showing. */
    set<K extends keyof Values & string>(key: K, value: Values[K]) {
      setValues((prev) => {
        const next = { ...prev, [key]: value } as Values;
        if (submitted) setErrors(check(next));
        return next;
      });
    },
    /** Checks everything: the parsed output, or null with the messages shown. */
    validate(): z.output<S> | null {
      setSubmitted(true);
      const r = schema.safeParse(values);
      if (r.success) {
        setErrors({});
        return r.data;
      }
      setErrors(firstMessages<Values>(r.error));
      return null;
    },
    /** Shows a server 400's field messages; true when there were any. */
    showServerErrors(err: unknown): boolean {
      if (!(err instanceof ApiError) || err.statusCode !== 400 || !err.fields) return false;
      const out: Record<string, string> = {};
      for (const [k, msgs] of Object.entries(err.fields)) if (msgs[0]) out[k] = msgs[0];
      setErrors(out as FieldErrors<Values>);
      setSubmitted(true);
      return true;
    },
    reset() {
      setValues(initial);
      setErrors({});
      setSubmitted(false);
    },
  };
}
