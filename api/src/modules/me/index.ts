import type { ApiModule } from '../module';
import { meAudioRoutes } from './audio';
import { meRoutes } from './routes';

/** /api/me: what the signed-in member reads and changes about themselves. */
export const meModule: ApiModule = async (app) => {
  await app.register(meRoutes);
  await app.register(meAudioRoutes);
};
