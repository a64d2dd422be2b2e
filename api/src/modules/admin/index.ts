import type { ApiModule } from '../module';
import { ledgerAlarmRoutes } from './ledger-alarms';
import { adminCohortRoutes } from './cohorts';
import { mailAdminRoutes } from './outbox';
import { adminPaymentRoutes } from './payments';
import { adminPurchaseRoutes } from './purchases';
import { adminSubmissionRoutes } from './submissions';

/** /api/admin: the admins' views of purchases, payments and refunds, form submissions, the mail outbox and subscribers, cohorts and ledger alarms. */
export const adminModule: ApiModule = async (app) => {
  await app.register(adminPurchaseRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminSubmissionRoutes);
  await app.register(mailAdminRoutes);
  await app.register(ledgerAlarmRoutes);
  await app.register(adminCohortRoutes);
};
