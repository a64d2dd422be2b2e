import type { ApiModule } from '../module';
import { healthRoutes } from './routes';

/** /healthz and /readyz: liveness and readiness of the API and what it depends on. */
export const healthModule: ApiModule = async (app) => {
  await app.register(healthRoutes);
};
