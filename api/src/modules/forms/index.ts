import type { ApiModule } from '../module';
import { formRoutes } from './routes';

/** /api/forms: the public application and feedback forms. */
export const formsModule: ApiModule = async (app) => {
  await app.register(formRoutes);
};
