import fp from 'fastify-plugin';
import { stripeProvider, type PaymentProvider } from './provider';
import { testProvider } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe when a key is configured; the local test checkout otherwise (never in production, where it is null). */
    payments: PaymentProvider | null;
  }
}

/** Chooses the payment provider once at start. */
export const paymentsPlugin = fp<{
  stripe: { secretKey: string; webhookSecret: string; apiUrl?: string | undefined } | null;
  production: boolean;
  publicUrl: string;
}>(
  async (app, opts) => {
    let provider: PaymentProvider | null = null;
    if (opts.stripe) provider = stripeProvider(opts.stripe);
    else if (!opts.production) {
      provider = testProvider({
        db: app.db,
        publicUrl: opts.publicUrl,
        // The local provider's events go through our own webhook route, exactly like Stripe's.
        deliver: async ({ payload, signature }) => {
          const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
          if (res.statusCode !== 200) throw new Error(`own webhook answered ${res.statusCode}: ${res.body}`);
        },
      });
    }
    else app.log.warn('STRIPE_SECRET_KEY is not set: payments are disabled in production');
    app.decorate('payments', provider);
  },
  { name: 'payments', dependencies: ['db'] },
);
