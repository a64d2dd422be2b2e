import type { ApiModule } from '../module';
import { paymentRoutes } from './routes';
import { monthlyRoutes } from './monthly-routes';
import { testCheckoutRoutes } from './test-checkout';
import { testPortalRoutes } from './test-portal';
import { webhookRoutes } from './webhook';

/**
 * /api/payments and /api/stripe/webhook: checkouts, their verification and the provider's webhook. The provider
 * itself (provider.plugin.ts) is registered by app.ts, because the admin refunds use it too.
 */
export const paymentsModule: ApiModule = async (app, { config, production }) => {
  await app.register(paymentRoutes, { publicUrl: config.publicUrl, productName: config.PRODUCT_NAME });
  await app.register(monthlyRoutes, { publicUrl: config.publicUrl, productName: config.PRODUCT_NAME });
  await app.register(webhookRoutes);
  if (!production && !config.STRIPE_SECRET_KEY) {
    await app.register(testCheckoutRoutes);
    await app.register(testPortalRoutes, { publicUrl: config.publicUrl });
  }
};
