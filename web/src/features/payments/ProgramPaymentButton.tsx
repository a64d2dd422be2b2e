import { useState } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { createProgramPayment, openCheckoutInNewTab } from './checkout';

const FAILURE = {
  program: 'Failed to initiate payment. Please try again.',
  sponsorship: 'Failed to initiate sponsorship payment. Please try again.',
} as const;

/** 'Enroll' or 'Sponsor a Student - $2,497': opens the $2,497 checkout in a new tab. */
export function ProgramPaymentButton({ kind, children, ...props }: { kind: 'program' | 'sponsorship' } & Omit<ButtonProps, 'onClick'>) {
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      await openCheckoutInNewTab(() => createProgramPayment(kind));
    } catch (err) {
      console.error('Payment error:', err);
      toast({ title: 'Payment Error', description: FAILURE[kind], variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button {...props} loading={busy} onClick={() => void start()}>
      {busy ? 'Processing...' : children}
    </Button>
  );
}
