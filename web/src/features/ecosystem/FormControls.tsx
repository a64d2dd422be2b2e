import type { ReactNode } from 'react';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';

interface Bound {
  id?: string | undefined;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

/** A labelled single-line input with its error. */
export function TextField({ label, bound, error, required, type = 'text', autoComplete, placeholder, hint }: { label: string; bound: Bound; error?: string | undefined; required?: boolean; type?: string; autoComplete?: string; placeholder?: string; hint?: ReactNode }) {
  return (
    <Field label={label} error={error} required={required} hint={hint}>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...bound} />
    </Field>
  );
}

/**
 * A labelled textarea with a character counter under it: how many characters so far, against the
 * minimum (turns green when met) or the maximum.
 */
export function LongTextField({ label, bound, error, min, max, rows = 4, placeholder, required = true }: { label: string; bound: Bound; error?: string | undefined; min?: number; max?: number; rows?: number; placeholder?: string; required?: boolean }) {
  const n = bound.value.trim().length;
  const met = min !== undefined && n >= min;
  const over = max !== undefined && n > max;
  const counter = max !== undefined ? `${n} / ${max}` : `${n} / ${min} minimum`;
  return (
    <div className="flex flex-col gap-1">
      <Field label={label} error={error} required={required}>
        <Textarea rows={rows} placeholder={placeholder} {...bound} />
      </Field>
      <p aria-hidden="true" className={cn('self-end text-xs tabular-nums', over ? 'font-semibold text-red-700' : met ? 'text-green-700' : 'text-slate-500')}>
        {counter}
      </p>
    </div>
  );
}
