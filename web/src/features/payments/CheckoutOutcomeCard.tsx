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

const REVERSED_TEXTS = {
  refunded: { title: 'This payment was refunded', text: 'The payment went through and was later refunded in full to the card it came from.' },
  partially_refunded: { title: 'This payment was partly refunded', text: 'The payment went through, and part of it was later refunded to the card it came from.' },
  disputed: { title: 'This payment is disputed', text: 'The payment went through, and a dispute about it was then opened with the card issuer; its outcome decides whether the money stays.' },
} as const;

/** The heading and sentence for each state a payment page can end in (other than paid and verifying). */
function outcomeTexts(outcome: Exclude<CheckoutOutcome<unknown>, { state: 'paid' | 'verifying' }>): { title: string; text: string } {
  switch (outcome.state) {
    case 'unconfirmed':
      return {
        title: 'Your payment is not confirmed yet',
        text: 'We have not received the confirmation from our card payment provider. If you paid, it usually arrives within minutes; nothing is recorded until it does.',
      };
    case 'reversed':
      return REVERSED_TEXTS[outcome.status];
    case 'missing':
      return {
        title: 'There is no payment to show here',
        text: 'This page shows a payment when you come back from the checkout. Open it from the link at the end of your checkout to see yours.',
      };
    case 'failed':
      return {
        title: outcome.message,
        text: outcome.expired ? 'This checkout was cancelled or did not go through, so no money was taken.' : 'We could not confirm a payment for this page. No money is recorded for it.',
      };
  }
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
  const { title, text } = outcomeTexts(outcome);
  return (
    <Card className="mx-auto max-w-md text-center" data-testid={`checkout-${outcome.state}`}>
      <CardContent className="space-y-4 p-8">
        <h1 className="font-display text-2xl font-semibold text-ink-900">{title}</h1>
        <p className="text-slate-700">{text}</p>
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
