import type { ApiModule } from '../module';
import { profileRoutes } from './routes';

/** /api/profiles: one member's public profile, as the viewer may see it. */
export const profilesModule: ApiModule = async (app) => {
  await app.register(profileRoutes);
};
