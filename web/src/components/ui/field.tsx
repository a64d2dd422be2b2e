import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** The props Field sets on its control. */
interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-required'?: boolean | 'true' | 'false';
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** The visible label, tied to the control with `htmlFor`/`id`. */
  label: ReactNode;
  /**
   * The control: one element that accepts `id` and ARIA props (Input, Textarea, SelectTrigger, Checkbox, Switch…).
   * For a Select, put the Field inside `<Select>` around the SelectTrigger, with the SelectContent after it.
   */
  children: ReactElement<ControlProps>;
  /** Help text under the label, read with the control. */
  hint?: ReactNode;
  /** An error message: shown in red under the control, read with it, and marks the control `aria-invalid`. */
  error?: ReactNode;
  /** Adds a visual asterisk and `aria-required` on the control. */
  required?: boolean;
  /** The control's id; by default the child's own `id`, else a generated one. */
  id?: string;
  className?: string;
}

/**
 * Label + control + hint + error, wired for assistive tech: the label points at the control, and the control gets
 * `aria-describedby` (hint, error and any ids it already had), `aria-invalid` while there is an error and
 * `aria-required` when `required`.
 */
export function Field({ label, children, hint, error, required = false, id, className }: FieldProps) {
  const generated = useId();
  const childProps: ControlProps = isValidElement(children) ? children.props : {};
  const controlId = id ?? childProps.id ?? `${generated}-control`;
  const hintId = hint ? `${generated}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${generated}-error` : undefined;
  const describedBy = [childProps['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  const control = cloneElement(children, {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': hasError ? true : childProps['aria-invalid'],
    'aria-required': required ? true : childProps['aria-required'],
  });

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {control}
      {hasError && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0">
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
