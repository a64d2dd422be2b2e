import { Link, useSearchParams } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { useSiteSettings } from '../features/site/site-data';
import { CheckoutOutcomeCard, usePaymentOutcome } from '../features/payments/checkout-outcome';
import { useSession } from '../lib/session';
import { PaidProgram } from '../features/program/PaidProgram';

/**
 * /payment-success: after an incubator enrollment or a student sponsorship; says "successful" only once it is paid.
 * An enrolment is welcomed into its cohort (its start from the cohorts table); a sponsor is thanked, not enrolled; an
 * enrolment paid after its cohort filled is told it is refunded.
 */
export default function PaymentSuccess() {
  const { contactEmail } = useSiteSettings();
  const [params] = useSearchParams();
  const outcome = usePaymentOutcome(params.get('session_id'), Boolean(useSession().user));
  if (outcome.state !== 'paid') {
    return (
      <>
        <title>{pageTitle('Payment')}</title>
        <section className="bg-paper px-4 py-16">
          <CheckoutOutcomeCard outcome={outcome} payAgain={{ to: '/pitch-deck', label: 'Back to Pitch Deck' }} />
        </section>
      </>
    );
  }
  return (
    <>
      <title>{pageTitle('Payment successful')}</title>
      <section className="bg-paper px-4 py-16">
        <Card className="mx-auto max-w-2xl">
          <CardContent className="space-y-6 p-8">
            <PaidProgram data={outcome.data} />
            {contactEmail && (
              <p className="text-slate-700">
                Questions? Write to{' '}
                <a href={`mailto:${contactEmail}`} className="font-semibold text-ink-900 underline underline-offset-2">
                  {contactEmail}
                </a>
                .
              </p>
            )}
            <div className="text-center">
              <Button asChild variant="secondary">
                <Link to="/">Return to Homepage</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
