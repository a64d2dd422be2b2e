import { z } from 'zod';
import { ZAddPurchase, ZAdminPurchase, ZAdminPurchaseList, ZAdminPurchaseQuery } from '../schemas/admin';
import { ZAdminPaymentPage, ZAdminPaymentQuery, ZReconciliation, ZRefundAccepted, ZRefundParams, ZRefundRequest } from '../schemas/admin-payments';
import { ZSubmissionPage, ZSubmissionQuery } from '../schemas/forms';
import { ZOutboxPage, ZOutboxQuery, ZSubscriberList } from '../schemas/mail';
import { contract } from './contract';

/** An unresolved alarm of the ledger watchdog: the first log index whose row no longer matches its leaf. */
const ZLedgerAlarm = z.object({ id: z.string(), firstBadIndex: z.number().int(), checkpointSize: z.number().int(), detail: z.string(), raisedAt: z.string() });

/** The admin module: purchases, payments and refunds, form submissions, the mail outbox and subscribers. */
export const adminApi = {
  purchases: contract({ method: 'GET', path: '/api/admin/purchases', query: ZAdminPurchaseQuery, response: ZAdminPurchaseList }),
  addPurchase: contract({ method: 'POST', path: '/api/admin/purchases', body: ZAddPurchase, response: ZAdminPurchase }),
  payments: contract({ method: 'GET', path: '/api/admin/payments', query: ZAdminPaymentQuery, response: ZAdminPaymentPage }),
  reconciliation: contract({ method: 'GET', path: '/api/admin/payments/reconciliation', response: z.object({ last: ZReconciliation.nullable() }) }),
  refund: contract({ method: 'POST', path: '/api/admin/payments/:kind/:id/refund', params: ZRefundParams, body: ZRefundRequest, response: ZRefundAccepted }),
  submissions: contract({ method: 'GET', path: '/api/admin/submissions', query: ZSubmissionQuery, response: ZSubmissionPage }),
  outbox: contract({ method: 'GET', path: '/api/admin/outbox', query: ZOutboxQuery, response: ZOutboxPage }),
  subscribers: contract({ method: 'GET', path: '/api/admin/newsletter/subscribers', response: ZSubscriberList }),
  ledgerAlarms: contract({ method: 'GET', path: '/api/admin/ledger/alarms', response: z.object({ alarms: z.array(ZLedgerAlarm) }) }),
};

/** The admin payments CSV (a download link, not a JSON call). */
export const ADMIN_PAYMENTS_CSV_PATH = '/api/admin/payments/export.csv';
/** The form submissions CSV (`?form=` for one form) and the newsletter subscribers CSV (download links). */
export const ADMIN_SUBMISSIONS_CSV_PATH = '/api/admin/submissions/export.csv';
export const ADMIN_SUBSCRIBERS_CSV_PATH = '/api/admin/newsletter/subscribers/export.csv';
