import type { ApiModule } from '../module';
import { programRoutes } from './routes';

/** /api/program: the cohort the pages present and "notify me when enrolment opens" (admins edit cohorts under /api/admin/cohorts). */
export const programModule: ApiModule = async (app) => {
  await app.register(programRoutes);
};
