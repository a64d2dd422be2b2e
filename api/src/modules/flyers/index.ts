import type { ApiModule } from '../module';
import { flyerRoutes } from './routes';

/** /api/flyers: speaker flyers rendered by the worker. */
export const flyersModule: ApiModule = async (app, { config }) => {
  await app.register(flyerRoutes, { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
};
