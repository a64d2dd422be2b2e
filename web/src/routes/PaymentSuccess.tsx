import { Link, useSearchParams } from 'react-router-dom';
import { ReceiptCode } from '../features/payments/ReceiptCode';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { CheckoutOutcomeCard } from '../features/payments/CheckoutOutcomeCard';
import { useSiteSettings } from '../features/site/site-data';
import { usePaymentOutcome } from '../features/payments/verify';
import { useSession } from '../lib/session';

/** /payment-success: after an incubator enrollment or a student sponsorship; says "successful" only once it is paid. */
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
            <div className="text-center">
              <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
                ✓
              </div>
              <h1 className="mt-4 font-display text-4xl font-semibold text-ink-900">Payment Successful!</h1>
              <p className="mt-3 text-lg text-slate-700">Welcome to I Am The Business, our 12-week business incubator.</p>
            </div>
            <ReceiptCode code={outcome.data.receipt_code} />
            <div className="rounded-lg bg-ink-900 p-5 text-white">
              <p className="text-sm uppercase tracking-wider text-gold-300">Program start</p>
              <p className="mt-1 text-xl font-semibold">October 4th, 2025 · 10:00 AM</p>
              <p className="text-slate-200">On our chat community</p>
            </div>
            <div>
              <h2 className="font-display text-xl font-semibold text-ink-900">Next steps</h2>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
                <li>A confirmation e-mail arrives within 24 hours.</li>
                <li>You get access to the chat community 1 week before the start.</li>
                <li>Pre-program materials are sent to you by e-mail.</li>
              </ol>
            </div>
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
