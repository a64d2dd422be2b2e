import type { ApiModule } from '../module';
import { memberRoutes } from './routes';

/** /api/members: the community directory and members' recordings. */
export const membersModule: ApiModule = async (app) => {
  await app.register(memberRoutes);
};
