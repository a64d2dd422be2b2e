import type { ButtonSize, ButtonVariant } from '../../components/ui/button';
import { PaymentButton } from '../payments/PaymentButton';
import { cohortText } from './cohort-text';
import { useProgram } from './store';

/** 'Sponsor a Student - $2,497': the price of the cohort the pages present (without one, the server says why). */
export function SponsorButton({ variant, size, className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string }) {
  const next = useProgram()?.next;
  return (
    <PaymentButton kind="sponsor" {...(variant ? { variant } : {})} {...(size ? { size } : {})} {...(className ? { className } : {})}>
      Sponsor a Student{next ? ` - ${cohortText(next).price}` : ''}
    </PaymentButton>
  );
}
