import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';

/**
 * Every payment action: Donate (top bar) opens the donation dialog; Enroll and 'Sponsor a Student -
 * $2,497' open the $2,497 checkout in a new tab. The dialog and the API client load on first use, so
 * pages that only show the buttons (the landing page) do not carry them.
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

const DonationDialog = lazy(() => import('./DonationDialog').then((m) => ({ default: m.DonationDialog })));

const FAILURE = {
  enroll: 'Failed to initiate payment. Please try again.',
  sponsor: 'Failed to initiate sponsorship payment. Please try again.',
} as const;

/** A payment button (see the module comment). */
export function PaymentButton({ kind, children, variant = 'primary', size = 'md', className }: PaymentButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  if (kind === 'donate') {
    return (
      <>
        <Button variant={variant} size={size} className={className} data-payment={kind} onClick={() => setOpen(true)}>
          {children}
        </Button>
        {open && (
          <Suspense fallback={null}>
            <DonationDialog open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </>
    );
  }

  async function start(payment: 'enroll' | 'sponsor') {
    // The tab opens inside the click (pop-up blockers allow that), before anything is awaited.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { createProgramPayment } = await import('./checkout');
      const { url } = await createProgramPayment(payment === 'enroll' ? 'program' : 'sponsorship');
      if (!url) throw new Error('No payment URL received');
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      console.error('Payment error:', err);
      toast({ title: 'Payment Error', description: FAILURE[payment], variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={variant} size={size} className={className} data-payment={kind} loading={busy} onClick={() => void start(kind)}>
      {busy ? 'Processing...' : children}
    </Button>
  );
}
