import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASSES } from './input';

/** A multi-line text input, vertically resizable, styled like Input; wrap it in a Field for its label and error. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(CONTROL_CLASSES, 'block min-h-20 resize-y px-3 py-2 leading-relaxed', className)} {...props} />;
}
