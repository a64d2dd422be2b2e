import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isRefundable, refundableCents } from '@app/common/domain/payments';
import { ZAdminPaymentQuery } from '@app/common/schemas/admin-payments';
import { ZApiError } from '@app/common/schemas/errors';
import { adminPaymentsExport, findRefundable, listAdminPayments } from '@app/common/server/payments/admin-payments.repository';
import { streamCsv } from '@app/common/server/csv-export';
import { audit } from '@app/common/server/audit.repository';
import { lastReconciliation } from '@app/common/server/payments/provider-reconcile';
import { httpError } from '../../http-error';
import { requireProvider } from '../payments/provider';
import { ADMIN_PAYMENTS_CSV_PATH, adminApi } from '@app/common/api/admin';

/**
 * What the admin is told when the provider does not refund: its own reason, as 409 when it refused the request (a
 * 4xx: e.g. more than is left, while the previous refund's event is still on its way) and 502 when it failed.
 */
function refundError(err: unknown): Error {
  const status = (err as { statusCode?: unknown }).statusCode;
  const reason = (err as Error).message || 'no reason given';
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return httpError(409, `The payment provider refused the refund: ${reason}. If a refund was asked for a moment ago, wait for its confirmation, then look at what is left.`);
  }
  return httpError(502, `The payment provider could not refund it now: ${reason}`);
}

/** Admin payments page: every donation, program payment, sponsorship and investment; refunds through the provider. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminApi.payments.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every payment of any kind, newest first, filtered by kind, status and creation date (UTC days)',
        querystring: adminApi.payments.query,
        response: { 200: adminApi.payments.response, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminPayments(app.db, req.query);
    },
  );

  app.get(
    ADMIN_PAYMENTS_CSV_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admin payments list as CSV (streamed), with the same filters, every page',
        // The body is a CSV stream, not JSON (errors keep the usual JSON shape).
        produces: ['text/csv'],
        querystring: ZAdminPaymentQuery.omit({ page: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      const csv = streamCsv(app.db, adminPaymentsExport(app.db, req.query));
      return reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="payments.csv"').type('text/csv; charset=utf-8').send(csv);
    },
  );

  app.get(
    adminApi.reconciliation.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The last reconciliation with the payment provider and what it found (null before the first run)',
        response: { 200: adminApi.reconciliation.response, 401: ZApiError, 403: ZApiError },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { last: await lastReconciliation(app.db) };
    },
  );

  app.post(
    adminApi.refund.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid payment (all that is left, or amount_cents) through the provider; the status follows its charge.refunded event',
        params: adminApi.refund.params,
        body: adminApi.refund.body,
        response: { 200: adminApi.refund.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 502: ZApiError },
      },
    },
    async (req) => {
      const provider = requireProvider(app.payments);
      const { kind, id } = req.params;
      const payment = await findRefundable(app.db, kind, id);
      if (!payment) throw httpError(404, 'No such payment');
      if (!isRefundable(payment)) throw httpError(409, `A ${payment.status.replace('_', ' ')} payment cannot be refunded`);
      if (!payment.payment_intent) throw httpError(409, "This payment's charge is not known yet: refund it at the provider, or wait for its events (reconciliation)");
      const left = refundableCents(payment);
      const amount = req.body.amount_cents ?? left;
      if (amount > left) throw httpError(400, `At most ${left} cents are left to refund`);
      // Keyed by what will have been refunded after this one: a double click is one refund, a second partial refund is another.
      const idempotencyKey = `refund-${kind}-${id}-${payment.refunded_cents + amount}`;
      await audit(app.db, 'admin_refund_requested', { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { kind, payment_id: id, amount_cents: amount });
      try {
        const refund = await provider.refund({ kind, rowId: id, paymentIntent: payment.payment_intent, amountCents: amount, idempotencyKey });
        return { refund_id: refund.id, amount_cents: amount };
      } catch (err) {
        req.log.error({ err, kind, id }, 'payment provider refused the refund');
        throw refundError(err);
      }
    },
  );
};
