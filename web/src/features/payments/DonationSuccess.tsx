import { ledgerVerifyPath } from '@app/common/api/ledger-paths';
import { Link, useSearchParams } from 'react-router-dom';
import { formatTokens } from '@app/common/domain/format';
import { pageTitle } from '../../components/brand';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useSiteSettings } from '../site/site-data';
import { CheckoutOutcomeCard, ReceiptCode, usePaymentOutcome } from './checkout-outcome';
import { useSession } from '../../lib/session';

/** /donation-success: thanks, what the gift supports, and the investor ID and tokens when asked for; only once the payment is paid. */
export default function DonationSuccess() {
  const { mainSiteUrl } = useSiteSettings();
  const [params] = useSearchParams();
  const outcome = usePaymentOutcome(params.get('session_id'), Boolean(useSession().user));
  if (outcome.state !== 'paid') {
    return (
      <>
        <title>{pageTitle('Donation')}</title>
        <section className="bg-paper px-4 py-16">
          <CheckoutOutcomeCard outcome={outcome} payAgain={{ to: '/', label: 'Return to Homepage' }} />
        </section>
      </>
    );
  }
  const v = outcome.data;
  return (
    <>
      <title>{pageTitle('Thank you')}</title>
      <section className="bg-paper px-4 py-16">
        <Card className="mx-auto max-w-2xl">
          <CardContent className="space-y-6 p-8 text-center">
            <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
              ♥
            </div>
            <h1 className="font-display text-4xl font-semibold text-ink-900">Thank You for Your Donation!</h1>
            <p className="text-lg text-slate-700">Your generosity makes a lasting impact: every gift helps an entrepreneur build a legacy and a community grow in trust.</p>
            <ReceiptCode code={v.receipt_code} />
            {v.investor_id && v.tokens && (
              <div className="rounded-lg border border-gold-600/40 bg-gold-50 p-4 text-left" data-testid="donation-tokens-result">
                <p className="font-semibold text-ink-900">Your ADX tokens</p>
                <p className="mt-1 text-slate-800">
                  Investor ID <strong className="font-mono" data-testid="investor-id">{v.investor_id}</strong> will receive{' '}
                  <strong>{formatTokens(v.tokens)} ADX</strong>.
                </p>
                <Link to={`/token-ledger?search=${encodeURIComponent(v.investor_id)}`} className="mt-2 inline-block font-semibold text-ink-900 underline underline-offset-2">
                  See it on the public ledger
                </Link>
                {v.log_index !== null && (
                  <p className="mt-2 text-slate-800" data-testid="ledger-row">
                    Ledger row <strong className="font-mono">#{v.log_index.toLocaleString('en-US')}</strong>:{' '}
                    <Link to={ledgerVerifyPath(v.log_index)} className="font-semibold text-ink-900 underline underline-offset-2">
                      verify it in the signed ledger
                    </Link>
                  </p>
                )}
              </div>
            )}
            <div className="text-left">
              <h2 className="font-display text-xl font-semibold text-ink-900">Your donation supports</h2>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                <li>Scholarships for entrepreneurs with financial need</li>
                <li>Educational resources and mentorship</li>
                <li>Community outreach</li>
              </ul>
            </div>
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild variant="secondary">
                <Link to="/">Return to Homepage</Link>
              </Button>
              {mainSiteUrl && (
                <a href={mainSiteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline' })}>
                  Learn More About Us
                </a>
              )}
            </div>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
