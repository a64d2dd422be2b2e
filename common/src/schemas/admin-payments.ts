import { z } from 'zod';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '../domain/payments';

const day = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD)`);

/** GET /api/admin/payments (and its CSV) query: every kind of payment, filtered, newest first. */
export const ZAdminPaymentQuery = z.object({
  kind: z.enum(PAYMENT_KINDS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  /** Created on or after this day (UTC). */
  from: day('from').optional(),
  /** Created on or before this day (UTC). */
  to: day('to').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(100_000, 'page is too large').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1, 'pageSize must be at least 1').max(200, 'pageSize must be at most 200').default(50),
});
export type TAdminPaymentQuery = z.infer<typeof ZAdminPaymentQuery>;

/** One payment as the admin payments page shows it. */
const ZAdminPayment = z.object({
  kind: z.enum(PAYMENT_KINDS),
  id: z.string(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  dispute_status: z.enum(['open', 'won', 'lost']).nullable(),
  investor_id: z.string().nullable(),
  payer: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

export const ZAdminPaymentPage = z.object({ rows: z.array(ZAdminPayment), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAdminPaymentPage = z.infer<typeof ZAdminPaymentPage>;

/** POST /api/admin/payments/:kind/:id/refund body: cents to refund (default: all that is left). */
export const ZRefundRequest = z.object({
  amount_cents: z.number({ error: 'amount_cents must be a number' }).int('amount_cents must be whole cents').min(1, 'amount_cents must be at least 1').optional(),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundParams = z.object({ kind: z.enum(PAYMENT_KINDS), id: z.uuid('id must be a payment id') });

/** The provider took the refund; the payment's status follows when its charge.refunded event is applied. */
export const ZRefundAccepted = z.object({ refund_id: z.string(), amount_cents: z.number().int() });

/** One run of the provider reconciliation: how many provider events it listed and how many our inbox lacked. */
export const ZReconciliation = z.object({
  started_at: z.string(),
  finished_at: z.string().nullable(),
  listed: z.number().int(),
  missing: z.number().int(),
  error: z.string().nullable(),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
