/** The webhook bench's traffic: Stripe-signed events (the real SDK signs them) sent on a fixed schedule. */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';

const signer = new Stripe('sk_test_bench_signer');
export interface Signed {
  id: string;
  session: string;
  payload: string;
  signature: string;
}
/** A signed checkout.session.completed for a paid donation, exactly as Stripe would send it. */
export function signedEvent(secret: string, cents: number, donationId: string, sessionId: string): Signed {
  const id = `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: { id: sessionId, object: 'checkout.session', mode: 'payment', currency: 'usd', amount_total: cents, status: 'complete', payment_status: 'paid', metadata: { kind: 'donation', row_id: donationId } },
    },
  });
  return { id, session: sessionId, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}
/** Calls `fire(i)` `count` times at `ratePerS`, on a fixed schedule (open loop: never waits for answers). */
export async function paced(count: number, ratePerS: number, fire: (i: number) => void): Promise<number> {
  const interval = 1000 / ratePerS;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + i * interval - performance.now();
    if (wait >= 1) await sleep(wait);
    fire(i);
  }
  return count / ((performance.now() - start) / 1000);
}
