import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import type { CheckoutOutcome } from './use-checkout-outcome';

/** Where a payer can try again, per page. */
interface PayAgain {
  to: string;
  label: string;
}

/**
 * Every state of a success page except paid: the spinner while verifying, a clear "not confirmed yet"
 * for a payment still pending past the limit, and the spec's failure texts with a way to pay again.
 */
export function CheckoutOutcomeCard({ outcome, payAgain }: { outcome: Exclude<CheckoutOutcome<unknown>, { state: 'paid' }>; payAgain: PayAgain }) {
  if (outcome.state === 'verifying') {
    return (
      <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3" data-testid="checkout-verifying">
        <Spinner size="lg" decorative />
        <p className="text-slate-700">Verifying your payment...</p>
      </div>
    );
  }
  const unconfirmed = outcome.state === 'unconfirmed';
  return (
    <Card className="mx-auto max-w-md text-center" data-testid={unconfirmed ? 'checkout-unconfirmed' : 'checkout-failed'}>
      <CardContent className="space-y-4 p-8">
        <h1 className="font-display text-2xl font-semibold text-ink-900">{unconfirmed ? 'Your payment is not confirmed yet' : outcome.message}</h1>
        <p className="text-slate-700">
          {unconfirmed
            ? 'We have not received the confirmation from our card payment provider. If you paid, it usually arrives within minutes; nothing is recorded until it does.'
            : outcome.expired
              ? 'This checkout was cancelled or did not go through, so no money was taken.'
              : 'We could not confirm a payment for this page. No money is recorded for it.'}
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          {unconfirmed && (
            <Button variant="secondary" onClick={outcome.recheck}>
              Check again
            </Button>
          )}
          <Button asChild variant={unconfirmed ? 'outline' : 'secondary'}>
            <Link to={payAgain.to}>{payAgain.label}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
