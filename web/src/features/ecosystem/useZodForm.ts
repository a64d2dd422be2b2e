import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@app/common/schemas/ecosystem-forms';
import { ApiError } from '../../lib/api';

/**
 * A small form state for string fields validated with a shared zod schema: errors appear on submit
 * (all of them, focus on the first), then update as the user types; server 400 field messages show
 * the same way. Controls get the id `${idPrefix}-${name}`.
 */
export function useZodForm<S extends z.ZodType, K extends string>(schema: S, initial: Record<K, string>, idPrefix: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const check = useCallback(
    (v: Record<K, string>): Partial<Record<K, string>> => {
      const r = schema.safeParse(v);
      return r.success ? {} : (fieldErrors(r.error) as Partial<Record<K, string>>);
    },
    [schema],
  );

  const focusFirst = useCallback(
    (errs: Partial<Record<K, string>>) => {
      const first = (Object.keys(initial) as K[]).find((k) => errs[k]);
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    },
    [idPrefix, initial],
  );

  const set = useCallback(
    (name: K, value: string) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        if (attempted) setErrors(check(next));
        return next;
      });
    },
    [attempted, check],
  );

  /** The form's onSubmit: validates, then calls `onValid`; a failure goes to `onError` (after showing any field messages). */
  const handleSubmit = (onValid: (data: z.output<S>) => Promise<void>, onError: (err: unknown) => void) => async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const r = schema.safeParse(values);
    if (!r.success) {
      const errs = fieldErrors(r.error) as Partial<Record<K, string>>;
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(r.data);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const errs = Object.fromEntries(Object.entries(err.fields).map(([k, msgs]) => [k, msgs[0] ?? ''])) as Partial<Record<K, string>>;
        setErrors(errs);
        focusFirst(errs);
      }
      onError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setAttempted(false);
  }, [initial]);

  /** Props for an Input or Textarea bound to `name`. */
  const bind = (name: K) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });

  return { values, errors, submitting, set, bind, handleSubmit, reset };
}
