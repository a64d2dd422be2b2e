import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ledgerVerifyPath } from '@app/common/api/ledger-paths';
import { formatTokens, formatUsd } from '@app/common/domain/format';
import { formatLocalDate } from '@app/common/domain/local-date';
import { centsToDollars, rateLabel } from '@app/common/domain/payments';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { toast } from '../components/ui/toast';
import { useSiteSettings } from '../features/site/site-data';
import { CheckoutOutcomeCard, useInvestmentOutcome } from '../features/payments/checkout-outcome';
import { useSession } from '../lib/session';
import { useSignInPath } from '../features/auth/sign-in-link';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-ink-900">{children}</dd>
    </div>
  );
}

/** /investment-success?session_id=…: verifies the payment and shows the member's tokens and investor ID, only once it is paid. */
export default function InvestmentSuccess() {
  const { communityInviteUrl } = useSiteSettings();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const session = useSession();
  const signInPath = useSignInPath();
  const signedIn = Boolean(session.user);
  const outcome = useInvestmentOutcome(sessionId, signedIn);
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current || session.loading || (sessionId && !signedIn)) return;
    // A failure is said once, by the card on the page; only the good news also gets a toast.
    if (outcome.state === 'paid') {
      announced.current = true;
      toast({ title: 'Success', description: 'Payment verified successfully!', variant: 'success' });
    }
  }, [outcome, session.loading, sessionId, signedIn]);

  const inv = outcome.state === 'paid' ? outcome.data.investment : null;
  const logIndex = outcome.state === 'paid' ? outcome.data.log_index : null;
  return (
    <>
      <title>{pageTitle(inv ? 'Investment successful' : 'Investment')}</title>
      <section className="bg-paper px-4 py-16">
        {sessionId && !session.loading && !signedIn ? (
          <Card className="mx-auto max-w-md text-center">
            <CardContent className="space-y-4 p-8">
              <p className="text-slate-700">Please sign in to see your investment.</p>
              <Button asChild variant="secondary">
                <Link to={signInPath}>Sign In to Continue</Link>
              </Button>
            </CardContent>
          </Card>
        ) : outcome.state !== 'paid' || !inv ? (
          <CheckoutOutcomeCard outcome={outcome.state === 'paid' ? { state: 'verifying' } : outcome} payAgain={{ to: '/investment-portal', label: 'Back to Investment Portal' }} />
        ) : (
          <div className="mx-auto max-w-3xl space-y-6">
            <div className="text-center">
              <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
                ✓
              </div>
              <h1 className="mt-4 font-display text-4xl font-semibold text-ink-900">Investment Successful!</h1>
            </div>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Investment summary</CardTitle>
              </CardHeader>
              <CardContent>
                <dl>
                  {/* The page is the investor's own (the verify call answers only them): their amount and address, in full. */}
                  <Row label="Amount">
                    <span data-testid="investment-amount">{formatUsd(centsToDollars(inv.amount_cents))}</span>
                  </Row>
                  {session.user?.email && (
                    <Row label="E-mail">
                      <span data-testid="investment-email">{session.user.email}</span>
                    </Row>
                  )}
                  <Row label="ADX tokens allocated">
                    <span data-testid="tokens-allocated">{formatTokens(inv.adx_tokens)} ADX</span>
                  </Row>
                  {inv.tokens_per_dollar && <Row label="Price">{rateLabel(inv.tokens_per_dollar)}</Row>}
                  <Row label="Date">{formatLocalDate(inv.created_at)}</Row>
                  <Row label="Payment status">
                    <Badge variant={inv.payment_status === 'paid' ? 'green' : inv.payment_status === 'pending' ? 'gold' : 'red'}>{inv.payment_status}</Badge>
                  </Row>
                  <Row label="Receipt code">
                    <span className="font-mono tracking-wider" data-testid="receipt-code">
                      {inv.receipt_code}
                    </span>
                  </Row>
                  {inv.investor_id && (
                    <Row label="Investor ID">
                      <Link to={`/token-ledger?search=${encodeURIComponent(inv.investor_id)}`} target="_blank" className="font-mono underline underline-offset-2" data-testid="investor-id">
                        {inv.investor_id}
                      </Link>
                    </Row>
                  )}
                  {logIndex !== null && (
                    <Row label="Ledger row">
                      <Link to={ledgerVerifyPath(logIndex)} className="font-mono underline underline-offset-2" data-testid="ledger-row">
                        #{logIndex.toLocaleString('en-US')}: verify
                      </Link>
                    </Row>
                  )}
                </dl>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">What&apos;s Next</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="list-disc space-y-1 pl-5 text-slate-700">
                  <li>Your purchase appears on the public token ledger under your investor ID.</li>
                  <li>A receipt from our card payment provider arrives by e-mail.</li>
                  <li>We announce the token launch and conversion in the community first.</li>
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Important Information</CardTitle>
              </CardHeader>
              <CardContent className="space-y-2 text-slate-700">
                <p>Pre-launch tokens convert to official ADX tokens when the token launches on the blockchain.</p>
                <p>Keep your payment receipt and your investor ID: they prove your purchase.</p>
              </CardContent>
            </Card>
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              {communityInviteUrl && (
                <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
                  Join the Community
                </a>
              )}
              <Button asChild variant="outline">
                <Link to="/pitch-deck">Back to Pitch Deck</Link>
              </Button>
            </div>
          </div>
        )}
      </section>
    </>
  );
}
