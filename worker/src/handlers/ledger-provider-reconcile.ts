import { reconcileProviderEvents } from '@app/common/server/payments/provider-reconcile';
import type { Handler } from '../context';

/** Asks Stripe for the events our inbox may lack (see reconcileProviderEvents); without Stripe there is nothing to ask. */
export const ledgerProviderReconcile: Handler<'ledger.provider-reconcile'> = async (_payload, { db, queues, log, stripe }) => {
  if (!stripe) return { skipped: 'no payment provider to ask' };
  const run = await reconcileProviderEvents(db, queues, (since) => stripe.events.list({ limit: 100, created: { gte: Math.floor(since.getTime() / 1000) } }));
  if (run.missing) log.warn({ missing: run.missing, listed: run.listed }, 'provider reconciliation found events our webhook never received');
  return run;
};
