import Stripe from 'stripe';

/** The official Stripe SDK; `apiUrl` points it elsewhere (tests use a local fake Stripe). Shared by the API and the worker. */
export function createStripeClient(opts: { secretKey: string; apiUrl?: string | undefined }): Stripe {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}
