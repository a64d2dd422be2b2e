import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A box that scrolls sideways (a wide table on a phone) or down (a long e-mail): focusable and named, so a keyboard
 * user can reach it and scroll it with the arrow keys (axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, className, children, busy }: { label: string; className?: string; children: ReactNode; busy?: boolean }) {
  return (
    <div role="region" aria-label={label} aria-busy={busy} tabIndex={0} className={cn('focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600', className)}>
      {children}
    </div>
  );
}
