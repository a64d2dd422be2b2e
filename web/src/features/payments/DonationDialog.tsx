import { useState, type FormEvent } from 'react';
import { dollarsToCents, DONATION_QUICK_AMOUNTS, rateLabel, SALE_CLOSED_MESSAGE, tokensForCents } from '@app/common/domain/payments';
import { paymentsApi, ZCreateDonation } from '@app/common/api/payments';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, call } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useTokenSale } from '../site/site-data';
import { openCheckoutInNewTab } from './PaymentButton';

/** The Donate dialog: quick or custom amount, optional name and message, ADX tokens on request. */
export function DonationDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [amount, setAmount] = useState('');
  const [donorName, setDonorName] = useState('');
  const [message, setMessage] = useState('');
  // Signed-out donors may give an address for the receipt and the link to their receipts page; members' go to their account's.
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const { user } = useSession();
  const [wantsTokens, setWantsAdxTokens] = useState(false);
  const [monthly, setMonthly] = useState(false);
  const [busy, setBusy] = useState(false);
  const sale = useTokenSale();
  // Tokens only while the sale is open, at its price: the server applies the same rule (and refuses a closed sale).
  const wantsAdxTokens = wantsTokens && Boolean(sale?.open);
  // Failures are said in the dialog, not in a toast: on a phone a toast lands on the Donate button the visitor needs next.
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const cents = dollarsToCents(amount);

  function reset() {
    setAmount('');
    setDonorName('');
    setMessage('');
    setEmail('');
    setWantsAdxTokens(false);
    setMonthly(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The server's own schema: the same messages (at least $1.00, above $1,000,000 arranged directly) before any call.
    const receiptEmail = user ? '' : email;
    const parsed = ZCreateDonation.safeParse({ amount: cents ?? Number.NaN, donorName, message, wantsAdxTokens, monthly, email: receiptEmail });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setAmountError(issues.find((i) => i.path[0] !== 'email')?.message);
      setEmailError(issues.find((i) => i.path[0] === 'email')?.message);
      return;
    }
    setAmountError(undefined);
    setEmailError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      const body = { amount: parsed.data.amount, donorName, message, wantsAdxTokens, monthly, ...(parsed.data.email ? { email: parsed.data.email } : {}) };
      await openCheckoutInNewTab(() => call(paymentsApi.createDonation, { body }));
      reset();
      setOpen(false);
    } catch (err) {
      console.error('Donation error:', err);
      // A refusal the visitor can act on (a limit, too many attempts) says what it is; retrying would not help.
      const said = err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500 ? err.message : null;
      if (said) setAmountError(said);
      else setFailure('Failed to process donation. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Support the Movement</DialogTitle>
          <DialogDescription>Your gift funds scholarships, mentorship and community outreach. Payments are processed securely by our card provider.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-5">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-ink-900">Choose an amount</legend>
            <div className="grid grid-cols-3 gap-2">
              {DONATION_QUICK_AMOUNTS.map((q) => (
                <button
                  key={q}
                  type="button"
                  aria-pressed={Number(amount) === q}
                  onClick={() => setAmount(String(q))}
                  className={cn(
                    'rounded-md border px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold-600',
                    Number(amount) === q ? 'border-ink-900 bg-ink-900 text-white' : 'border-ink-900/25 bg-white text-ink-900 hover:bg-slate-50',
                  )}
                >
                  ${q.toLocaleString('en-US')}
                </button>
              ))}
            </div>
          </fieldset>
          <Field label="Custom amount (USD)" error={amountError}>
            <Input
              type="number"
              inputMode="decimal"
              min="1"
              step="0.01"
              placeholder="Enter amount"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountError(undefined);
              }}
            />
          </Field>
          <label className="flex items-start gap-3 rounded-lg border border-ink-900/15 p-3 text-sm text-slate-800">
            <Checkbox checked={monthly} onCheckedChange={(v) => setMonthly(v === true)} aria-label="Give monthly" />
            <span>
              <span className="font-semibold text-ink-900">Give monthly</span>
              <span className="mt-1 block text-slate-700">The same amount every month, with a receipt each time. Change or cancel whenever you like from the link in any receipt.</span>
            </span>
          </label>
          <Field label="Your name (optional)">
            <Input value={donorName} onChange={(e) => setDonorName(e.target.value)} maxLength={100} autoComplete="name" />
          </Field>
          {user ? null : (
            <Field label="E-mail for your receipt (optional)" hint="We send the receipt and a link to all your receipts there." error={emailError}>
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} autoComplete="email" />
            </Field>
          )}
          <Field label="Message (optional)">
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={1000} rows={3} />
          </Field>
          <div className="rounded-lg border border-gold-600/40 bg-gold-50 p-3">
            {sale && !sale.open ? (
              <p className="text-sm text-slate-800" data-testid="donation-sale-closed">
                {SALE_CLOSED_MESSAGE} Your donation is welcome all the same.
              </p>
            ) : (
            <label className="flex items-start gap-3 text-sm text-slate-800">
              <Checkbox checked={wantsAdxTokens} onCheckedChange={(v) => setWantsAdxTokens(v === true)} aria-label="Receive ADX tokens for this donation" />
              <span>
                Receive ADX tokens for this donation
                {sale && <span className="mt-1 block text-slate-700">At the token sale's price, as for an investment: {rateLabel(sale.tokensPerDollar)}.</span>}
                {wantsAdxTokens && sale && cents !== null && cents >= 100 && (
                  <span className="mt-1 block font-semibold text-ink-900" data-testid="donation-tokens">
                    You will receive {Number(tokensForCents(sale.tokensPerDollar, cents)).toLocaleString('en-US')} ADX tokens
                  </span>
                )}
                <a href="/token-ledger" target="_blank" rel="noopener noreferrer" className="mt-1 block font-semibold text-ink-900 underline underline-offset-2">
                  View the public token ledger
                </a>
              </span>
            </label>
            )}
          </div>
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {failure}
            </p>
          )}
          <Button type="submit" className="w-full" size="lg" loading={busy} disabled={amount.trim() === ''}>
            {busy ? 'Processing...' : cents ? `Donate $${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}${monthly ? ' monthly' : ''}` : 'Donate'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
