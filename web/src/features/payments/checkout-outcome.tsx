import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentStatus } from '@app/common/domain/payments';
import { paymentsApi, type TPaymentVerification } from '@app/common/api/payments';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, call } from '../../lib/api';
import { useLiveEvents } from '../../lib/socket';

// What a success page says about its checkout: the hook that verifies ?session_id= (useCheckoutOutcome, and its
// payment and investment forms), the card for every state but paid, and the receipt code a paid page shows.

/** How often a still-pending checkout is asked about again, and for how long before the page says it is not confirmed. */
const POLL_INTERVAL_MS = 3_000;
const CONFIRM_LIMIT_MS = 60_000;

const subscribeNever = () => () => undefined;

/**
 * What a success page may say about a checkout. Only 'paid' may say "successful": 'verifying' is the
 * spinner, 'unconfirmed' a pending payment past the limit, 'failed' a cancelled, failed or unknown one.
 */
type CheckoutOutcome<T> =
  | { state: 'verifying' }
  | { state: 'paid'; data: T }
  | { state: 'unconfirmed'; recheck: () => void }
  | { state: 'failed'; message: string; expired: boolean }
  /** The money arrived and was later refunded (in whole or part) or disputed: neither "successful" nor "no money was taken". */
  | { state: 'reversed'; status: 'refunded' | 'partially_refunded' | 'disputed' }
  /** Opened without ?session_id= (typed in, or a bookmark): nothing to verify. */
  | { state: 'missing' };

/**
 * Verifies the checkout of ?session_id= and keeps asking while it is pending: on every `payment:status`
 * event of the signed-in member (live) and every few seconds (anonymous payers have no room), up to
 * CONFIRM_LIMIT_MS. `verify` records the payment when the provider reports it paid, so the page never
 * depends on the webhook's timing. Nothing here touches `window` during render (the page is prerendered).
 */
function useCheckoutOutcome<T>(opts: {
  key: string;
  sessionId: string | null;
  verify: (sessionId: string) => Promise<T>;
  statusOf: (data: T) => PaymentStatus;
  /** False while the caller cannot verify yet (the investment page before the session is known). */
  enabled?: boolean;
  /** Join the member's room for live `payment:status` events. */
  live: boolean;
}): CheckoutOutcome<T> {
  const { sessionId, enabled = true } = opts;
  // False in a prerender and while hydrating it, so the client's first render matches the prerendered spinner.
  const mounted = useSyncExternalStore(subscribeNever, () => true, () => false);
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const query = useQuery({
    queryKey: [opts.key, sessionId],
    queryFn: () => opts.verify(sessionId!),
    enabled: Boolean(sessionId) && enabled,
    staleTime: Infinity,
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.statusCode < 500),
    refetchInterval: (q) => (!timedOut && q.state.data !== undefined && opts.statusOf(q.state.data) === 'pending' ? POLL_INTERVAL_MS : false),
  });
  const status = query.data === undefined ? undefined : opts.statusOf(query.data);

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [status, round]);
  useLiveEvents(opts.live && status === 'pending' ? 'me' : null, { 'payment:status': () => void query.refetch() }, () => void query.refetch());

  if (!mounted) return { state: 'verifying' };
  if (!sessionId) return { state: 'missing' };
  if (query.isError) {
    const err = query.error;
    return { state: 'failed', message: err instanceof ApiError && err.statusCode < 500 ? 'Payment verification failed' : 'Failed to verify payment', expired: false };
  }
  if (query.data === undefined) return { state: 'verifying' };
  if (status === 'paid') return { state: 'paid', data: query.data };
  if (status === 'refunded' || status === 'partially_refunded' || status === 'disputed') return { state: 'reversed', status };
  if (status === 'pending') {
    if (!timedOut) return { state: 'verifying' };
    return {
      state: 'unconfirmed',
      recheck: () => {
        setTimedOut(false);
        setRound((r) => r + 1);
        void query.refetch();
      },
    };
  }
  return { state: 'failed', message: 'Payment verification failed', expired: true };
}

/** The donation and program success pages' check of ?session_id= (records it if paid), live while pending. */
export function usePaymentOutcome(sessionId: string | null, live: boolean) {
  return useCheckoutOutcome({
    key: 'verify',
    sessionId,
    live,
    verify: (id) => call(paymentsApi.verify, { body: { session_id: id } }),
    statusOf: (v: TPaymentVerification) => v.status,
  });
}

/** The investment success page's check: verifies and returns the signed-in member's investment. */
export function useInvestmentOutcome(sessionId: string | null, signedIn: boolean) {
  return useCheckoutOutcome({
    key: 'verify-investment',
    sessionId,
    enabled: signedIn,
    live: signedIn,
    verify: (id) => call(paymentsApi.verifyInvestment, { body: { session_id: id } }),
    statusOf: (v) => v.investment.payment_status,
  });
}

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

/** The payment's receipt code: the same code is on the payer's bank line and on the provider's e-mailed receipt. */
export function ReceiptCode({ code }: { code: string }) {
  if (!code) return null;
  return (
    <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-sm text-slate-700" data-testid="receipt">
      Receipt code <strong className="font-mono text-base tracking-wider text-ink-900" data-testid="receipt-code">{code}</strong>: it is on your bank statement
      and your payment receipt, so you can match them to this payment.
    </p>
  );
}
