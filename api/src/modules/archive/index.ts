import type { ApiModule } from '../module';
import { archiveRoutes } from './routes';

/** /api/archive: past sessions' recordings, favourites and views. */
export const archiveModule: ApiModule = async (app) => {
  await app.register(archiveRoutes);
};
