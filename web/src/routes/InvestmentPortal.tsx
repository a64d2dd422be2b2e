import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { investButtonLabel, investmentSubmitProblem, readInvestmentInput } from '@app/common/domain/investment';
import { dollarsLabel, INVESTMENT, rateLabel, SALE_CLOSED_MESSAGE, type TokenSale } from '@app/common/domain/payments';
import type { TSessionUser } from '@app/common/schemas/auth';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Checkbox } from '../components/ui/checkbox';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { paymentsApi } from '@app/common/api/payments';
import { ApiError, call } from '../lib/api';
import { useSession } from '../lib/session';
import { useSignInPath } from '../features/auth/sign-in-link';
import { useSiteSettings, useTokenSale } from '../features/site/site-data';

const RISKS = [
  { title: 'High risk', text: 'Pre-launch tokens are a high-risk, speculative purchase. You may lose the entire amount.' },
  { title: 'No guaranteed returns', text: 'Nothing here promises a return, a price or a listing of the token.' },
  { title: 'Regulatory risks', text: 'Laws about digital tokens change and may limit how the tokens can be used or transferred.' },
  { title: 'Technical risks', text: 'Blockchains and smart contracts can fail, be attacked or change in ways beyond our control.' },
];

const STEPS = ['Enter the amount you want to invest', 'Read and acknowledge the risk disclosures', 'Pay securely through our card payment provider', 'Receive your ADX tokens, recorded on the public ledger'];

const usd = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The amount the field starts with: the usual default, within the sale's range. */
const startAmount = (sale: TokenSale) => Math.min(sale.maxCents / 100, Math.max(sale.minCents / 100, INVESTMENT.defaultDollars));

function Portal({ user, sale }: { user: TSessionUser; sale: TokenSale }) {
  const { communityInviteUrl } = useSiteSettings();
  const [text, setText] = useState(String(startAmount(sale)));
  const [acknowledged, setAcknowledged] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = readInvestmentInput(text, sale);
  const canSubmit = acknowledged && !busy && input.inRange;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = investmentSubmitProblem({ signedIn: true, acknowledged, amount: input.amount }, sale);
    if (problem) {
      toast({ title: 'Cannot continue', description: problem, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const res = await call(paymentsApi.createInvestment, { body: { amount: input.amount } });
      if (!res.url) throw new Error('No payment URL received from secure payment system');
      toast({ title: 'Redirecting to payment', description: `Investment of $${usd(input.amount)} initiated successfully!`, variant: 'success' });
      window.location.assign(res.url);
    } catch (err) {
      console.error('Investment error:', err);
      if (err instanceof ApiError && err.statusCode === 401) {
        // The layout sends the member on to sign in (and back here) once the session check confirms it has ended.
        toast({ title: 'Error', description: 'Authentication failed. Please sign in again.', variant: 'destructive' });
      } else if (err instanceof ApiError && (err.statusCode === 409 || err.statusCode === 400)) {
        // The sale closed or changed its limits since the page was opened: the server's reason says which.
        toast({ title: 'Error', description: err.message, variant: 'destructive' });
      } else if (err instanceof ApiError && err.statusCode === 429) {
        toast({ title: 'Error', description: 'Too many attempts. Please wait before trying again.', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Investment processing failed. Please try again or contact support.', variant: 'destructive' });
      }
      setBusy(false);
    }
  }

  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <p className="text-sm text-gold-300">Signed in as {user.email ?? user.username}</p>
          <h1 className="mt-2 font-display text-4xl font-semibold">ADX Token Investment Portal</h1>
          <p className="mt-3 flex items-center gap-2 text-slate-200">
            <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-gold-300" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
            </svg>
            Secure platform: your payment is handled by our card provider and your purchase is recorded on the public ledger.
          </p>
        </div>
      </section>
      <section className="bg-paper">
        <form onSubmit={submit} noValidate className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[1.2fr_1fr]">
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Investment calculator</CardTitle>
              </CardHeader>
              <CardContent className="space-y-4">
                <Field label="Investment amount (USD)" error={input.error ?? undefined} hint={`${dollarsLabel(sale.minCents)} to ${dollarsLabel(sale.maxCents)} · ${rateLabel(sale.tokensPerDollar)}`}>
                  <Input type="number" inputMode="decimal" min={sale.minCents / 100} max={sale.maxCents / 100} step={sale.stepCents / 100} value={text} onChange={(e) => setText(e.target.value)} />
                </Field>
                {input.warning && (
                  <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="status" data-testid="amount-warning">
                    {input.warning}
                  </p>
                )}
                <div className="rounded-lg bg-ink-900 p-4 text-white">
                  <p className="text-sm text-slate-300">Tokens received</p>
                  <p className="font-display text-3xl font-semibold text-gold-300" data-testid="tokens-received">
                    {input.tokens === null ? '—' : `${input.tokens.toLocaleString('en-US')} ADX`}
                  </p>
                </div>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">How it works</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="space-y-2">
                  {STEPS.map((s, i) => (
                    <li key={s} className="flex gap-3 text-slate-700">
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-gold-500 text-sm font-bold text-ink-950">{i + 1}</span>
                      {s}
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Risk disclosures</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                {RISKS.map((r) => (
                  <div key={r.title} className="rounded-md border border-red-200 bg-red-50 p-3">
                    <p className="font-semibold text-red-900">{r.title}</p>
                    <p className="text-sm text-red-900/90">{r.text}</p>
                  </div>
                ))}
                <label className="flex items-start gap-3 pt-2 text-sm text-slate-800">
                  <Checkbox checked={acknowledged} onCheckedChange={(v) => setAcknowledged(v === true)} aria-label="I have read and understand the risks" />
                  I have read and understand the risks above, and I invest only what I can afford to lose.
                </label>
                {acknowledged && input.inRange && input.tokens !== null && (
                  <p className="text-sm font-semibold text-ink-900" data-testid="tokens-to-receive">
                    You will receive {input.tokens.toLocaleString('en-US')} ADX tokens.
                  </p>
                )}
                <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} loading={busy}>
                  {busy ? 'Processing Secure Payment...' : investButtonLabel(input)}
                </Button>
              </CardContent>
            </Card>
            {communityInviteUrl && (
              <p className="text-center text-sm text-slate-600">
                Questions? Ask in our{' '}
                <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-ink-900 underline underline-offset-2">
                  community
                </a>
                .
              </p>
            )}
          </div>
        </form>
      </section>
    </>
  );
}

/** /investment-portal: token purchase for signed-in members. */
export default function InvestmentPortal() {
  const sale = useTokenSale();
  const session = useSession();
  const user = session.user;
  const signInPath = useSignInPath();
  return (
    <>
      <title>{pageTitle('Investment Portal')}</title>
      {sale && !sale.open ? (
        <section className="flex min-h-[60vh] items-center justify-center bg-paper px-4 py-16">
          <Card className="w-full max-w-md text-center">
            <CardContent className="space-y-4 p-8">
              <h1 className="font-display text-2xl font-semibold text-ink-900">The Token Sale Is Closed</h1>
              <p className="text-slate-700" data-testid="sale-closed">{SALE_CLOSED_MESSAGE}</p>
              <Button asChild variant="outline">
                <Link to="/pitch-deck">Back to Pitch Deck</Link>
              </Button>
            </CardContent>
          </Card>
        </section>
      ) : session.loading || !sale ? (
        <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
          <Spinner size="lg" decorative />
          <p className="text-slate-700">Verifying authentication...</p>
        </div>
      ) : !user ? (
        <section className="flex min-h-[60vh] items-center justify-center bg-paper px-4 py-16">
          <Card className="w-full max-w-md text-center">
            <CardContent className="space-y-4 p-8">
              <h1 className="font-display text-2xl font-semibold text-ink-900">Authentication Required</h1>
              <p className="text-slate-700">Please sign in to buy ADX pre-launch tokens.</p>
              <div className="flex flex-col gap-3">
                <Button asChild variant="secondary">
                  <Link to={signInPath}>Sign In to Continue</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/pitch-deck">Back to Pitch Deck</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </section>
      ) : (
        <Portal user={user} sale={sale} />
      )}
    </>
  );
}
