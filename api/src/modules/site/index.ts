import type { ApiModule } from '../module';
import { siteRoutes } from './routes';

/** /api/site: the public pages' settings and token sale, and the admins' edits of them. */
export const siteModule: ApiModule = async (app) => {
  await app.register(siteRoutes);
};
