import type { ApiModule } from '../module';
import { newsletterRoutes } from './routes';

/** /api/newsletter: subscribe (double opt-in), confirm and unsubscribe. */
export const newsletterModule: ApiModule = async (app) => {
  await app.register(newsletterRoutes);
};
