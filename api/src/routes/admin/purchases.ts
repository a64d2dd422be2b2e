import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAddPurchase, ZAdminPurchase, ZAdminPurchaseList } from '@app/common/schemas/admin';
import { ZApiError } from '@app/common/schemas/errors';
import { audit } from '@app/common/server/audit.repository';
import { toCount } from '@app/common/server/db';

const ZListQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').default(500),
});

interface PurchaseRow {
  id: string;
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  source: string;
  created_at: Date;
}
const toApi = (r: PurchaseRow) => ({ ...r, id: String(r.id), created_at: r.created_at.toISOString() });

/** Token admin: every purchase record, and adding one. Admin only, checked on the server. */
export const adminPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/purchases',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Purchase records, newest purchase date first', querystring: ZListQuery, response: { 200: ZAdminPurchaseList, 401: ZApiError, 403: ZApiError } },
    },
    async (req) => {
      const [rows, totals] = await Promise.all([
        app.db('token_purchases')
          .select('id', 'investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', 'created_at')
          .orderBy([{ column: 'purchase_date', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(req.query.limit) as Promise<PurchaseRow[]>,
        app.db('ledger_totals').first('records') as Promise<{ records: string }>,
      ]);
      return { rows: rows.map(toApi), total: toCount(totals.records) };
    },
  );

  app.post(
    '/api/admin/purchases',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a purchase record to the public ledger',
        body: ZAddPurchase,
        response: { 201: ZAdminPurchase, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      const userId = req.session!.userId;
      const row = await app.db.transaction(async (trx) => {
        const [inserted] = (await trx('token_purchases')
          .insert({ ...req.body, source: 'admin', created_by: userId })
          .returning(['id', 'investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', 'created_at'])) as PurchaseRow[];
        await audit(trx, 'admin_add_purchase', { userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { investor_id: req.body.investor_id, purchase_date: req.body.purchase_date });
        return inserted!;
      });
      return reply.status(201).send(toApi(row));
    },
  );
};
