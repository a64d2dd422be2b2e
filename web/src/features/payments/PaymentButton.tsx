import type { ReactNode } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../../components/ui/button';

/**
 * The slot for every payment action: Donate (top bar), Enroll and 'Sponsor a Student - $2,497' (incubator section,
 * pitch deck). Payments are another issue: until it lands the button is shown but unavailable, says 'Coming soon'
 * (tooltip and screen-reader text) and does nothing. The payments work replaces this body and keeps the props.
 */
export type PaymentKind = 'donate' | 'enroll' | 'sponsor';

/** Props of {@link PaymentButton}. */
export interface PaymentButtonProps {
  kind: PaymentKind;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A payment button that is not available yet (see the module comment). */
export function PaymentButton({ kind, children, variant = 'primary', size = 'md', className }: PaymentButtonProps) {
  return (
    <button
      type="button"
      data-payment={kind}
      aria-disabled="true"
      title="Coming soon"
      onClick={(e) => e.preventDefault()}
      className={buttonClasses({ variant, size, className })}
    >
      {children}
      <span className="sr-only"> (coming soon)</span>
    </button>
  );
}
