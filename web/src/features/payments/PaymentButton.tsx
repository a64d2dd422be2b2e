import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { openPendingTab } from '../../lib/new-tab';
import { refreshProgram } from '../program/store';

/**
 * Every payment action: Donate (top bar) opens the donation dialog; Enroll and 'Sponsor a Student' open the
 * cohort's checkout in a new tab (a 409, the cohort full or closed meanwhile, re-reads the program instead). The dialog and the API client load on first use, so
 * pages that only show the buttons (the landing page) do not carry them.
 */
type PaymentButtonKind = 'donate' | 'enroll' | 'sponsor';

/** Props of {@link PaymentButton}. */
export interface PaymentButtonProps {
  kind: PaymentButtonKind;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * Opens a tab synchronously (inside the click, so pop-up blockers allow it), then points it at the
 * checkout once the server answers; closes it again if the call fails. Without a tab (blocked), the
 * current page goes to the checkout instead.
 */
export async function openCheckoutInNewTab(start: () => Promise<{ url: string }>): Promise<void> {
  const tab = openPendingTab();
  try {
    const { url } = await start();
    if (!url) throw new Error('No payment URL received');
    tab.go(url);
  } catch (err) {
    tab.close();
    throw err;
  }
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
    setBusy(true);
    try {
      // openCheckoutInNewTab opens the tab before awaiting anything (pop-up blockers allow it only inside the click).
      await openCheckoutInNewTab(async () => (await import('./checkout')).createProgramPayment(payment === 'enroll' ? 'program' : 'sponsorship'));
    } catch (err) {
      // The seats ran out (or enrolment closed) since the page was drawn: the page shows why, with the waitlist form.
      if ((err as { statusCode?: number }).statusCode === 409) {
        toast({ title: (err as Error).message, variant: 'destructive' });
        await refreshProgram();
        return;
      }
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
