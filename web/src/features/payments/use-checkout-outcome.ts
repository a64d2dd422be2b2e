import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PaymentStatus } from '@app/common/domain/payments';
import { ApiError } from '../../lib/api';
import { useLiveEvents } from '../../lib/socket';

/** How often a still-pending checkout is asked about again, and for how long before the page says it is not confirmed. */
const POLL_INTERVAL_MS = 3_000;
const CONFIRM_LIMIT_MS = 60_000;

const subscribeNever = () => () => undefined;

/**
 * What a success page may say about a checkout. Only 'paid' may say "successful": 'verifying' is the
 * spinner, 'unconfirmed' a pending payment past the limit, 'failed' a cancelled, failed or unknown one.
 */
export type CheckoutOutcome<T> =
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
export function useCheckoutOutcome<T>(opts: {
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
