// Two API instances on one database and one Redis prefix, as replicas are, with the fake Stripe and an in-process
// worker that calls it.
import { createStripeClient } from '@app/common/server/stripe-client';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from './app';
import { stripeAppEnv } from './processes';
import { startTestWorker } from './worker';
import type { RunningWorkers } from '../../worker/src/workers';

export interface Replicas {
  stripe: FakeStripe;
  a: TestApp;
  b: TestApp;
  worker: RunningWorkers;
  close(): Promise<void>;
}

/** `env` is added to both instances' environment. */
export async function startReplicas(env: Record<string, string> = {}): Promise<Replicas> {
  const stripe = await startFakeStripe();
  const a = await startTestApp({ env: { ...stripeAppEnv(stripe), ...env } });
  const b = await startTestApp({ database: a.database, env: { ...stripeAppEnv(stripe), ...env, REDIS_PREFIX: a.config.REDIS_PREFIX } });
  const worker = await startTestWorker(a.database.db, a.config.REDIS_PREFIX, { stripe: createStripeClient({ secretKey: stripe.secretKey, apiUrl: stripe.baseUrl }) });
  return {
    stripe,
    a,
    b,
    worker,
    async close() {
      await worker.close();
      await b.close();
      await a.close();
      await stripe.close();
    },
  };
}
