import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@app/common/schemas/ecosystem-forms';
import { ApiError } from '../../lib/api';
import type { FieldProblem } from './ErrorSummary';

/** Each field's first message. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

type StringKeys<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];

/**
 * Form state checked with the form's shared zod schema (the one its API route uses): messages appear on submit,
 * and once shown they follow each edit; a 400 from the server shows its per-field messages the same way. With an
 * `idPrefix`, controls bound with `bind` (or given `fieldId(name)`) get the id `${idPrefix}-${name}`, the first
 * invalid one takes focus, and `problems` lists the messages in field order for an {@link ErrorSummary}.
 */
export function useZodForm<S extends z.ZodType, Values extends object>(schema: S, initial: Values, idPrefix?: string) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const check = (next: Values): FieldErrors<Values> => {
    const r = schema.safeParse(next);
    return r.success ? {} : (fieldErrors(r.error) as FieldErrors<Values>);
  };
  const fieldId = (name: keyof Values & string): string | undefined => (idPrefix ? `${idPrefix}-${name}` : undefined);
  const keys = Object.keys(initial) as Array<keyof Values & string>;
  const show = (errs: FieldErrors<Values>) => {
    setErrors(errs);
    const first = keys.find((k) => errs[k]);
    const id = first && fieldId(first);
    if (id) document.getElementById(id)?.focus();
  };
  /** Shows a server 400's field messages; true when there were any. */
  const showServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError) || err.statusCode !== 400 || !err.fields) return false;
    const out: Record<string, string> = {};
    for (const [k, msgs] of Object.entries(err.fields)) if (msgs[0]) out[k] = msgs[0];
    show(out as FieldErrors<Values>);
    setSubmitted(true);
    return true;
  };
  /** Checks everything: the parsed output, or null with the messages shown. */
  const validate = (): z.output<S> | null => {
    setSubmitted(true);
    const r = schema.safeParse(values);
    if (r.success) {
      setErrors({});
      return r.data;
    }
    show(fieldErrors(r.error) as FieldErrors<Values>);
    return null;
  };
  /** Sets one field; re-checks the form when messages are already showing. */
  const set = <K extends keyof Values & string>(key: K, value: Values[K]) => {
    setValues((prev) => {
      const next = { ...prev, [key]: value } as Values;
      if (submitted) setErrors(check(next));
      return next;
    });
  };

  const problems: FieldProblem[] = idPrefix ? keys.flatMap((k) => (errors[k] ? [{ id: `${idPrefix}-${k}`, message: errors[k] }] : [])) : [];

  return {
    values,
    errors,
    /** Each shown message with its control's id, in field order (empty without an `idPrefix`). */
    problems,
    fieldId,
    submitting,
    set,
    validate,
    showServerErrors,
    /** The form's onSubmit: validates, then calls `onValid` (once at a time); a failure goes to `onError` after any field messages are shown. */
    handleSubmit: (onValid: (data: z.output<S>) => Promise<void>, onError: (err: unknown) => void) => async (e: FormEvent) => {
      e.preventDefault();
      if (submitting) return;
      const data = validate();
      if (!data) return;
      setSubmitting(true);
      try {
        await onValid(data);
      } catch (err) {
        if (err instanceof ApiError && err.fields) showServerErrors(err);
        onError(err);
      } finally {
        setSubmitting(false);
      }
    },
    /** Props for an Input or Textarea bound to the string field `name`. */
    bind: (name: StringKeys<Values>) => ({
      ...(idPrefix ? { id: fieldId(name) } : {}),
      name,
      value: values[name] as string,
      onChange: (e: { target: { value: string } }) => set(name, e.target.value as Values[typeof name]),
    }),
    reset() {
      setValues(initial);
      setErrors({});
      setSubmitted(false);
    },
  };
}
