import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * The look shared by text inputs, textareas and the select trigger: a 16 px font (no zoom on iOS), a border at
 * 4.7:1 against white, a gold focus ring, red when `aria-invalid`.
 */
export const CONTROL_CLASSES =
  'w-full rounded-lg border border-slate-500 bg-white text-base text-ink-900 shadow-xs transition-[border-color,box-shadow] ' +
  'placeholder:text-slate-500 hover:border-slate-600 ' +
  'focus-visible:border-gold-700 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-gold-500/40 ' +
  'aria-invalid:border-red-700 aria-invalid:focus-visible:ring-red-600/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 disabled:hover:border-slate-500 ' +
  'motion-reduce:transition-none';

/** A single-line text input (any `type`); wrap it in a Field for its label, hint and error. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(CONTROL_CLASSES, 'h-10 px-3 py-2 file:mr-3 file:border-0 file:bg-transparent file:font-semibold', className)} {...props} />;
}
