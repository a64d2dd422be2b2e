import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddPurchase, ZAdminPurchase, ZAdminPurchaseList } from '@app/common/schemas/admin';
import { ZApiError } from '@app/common/schemas/errors';
import { addAdminPurchase, listPurchases } from '@app/common/server/purchases.repository';
import { ZPurchaseListQuery } from './schema';

/** Token admin: every purchase record, and adding one. Admin only, checked on the server. */
export const adminPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/purchases',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Purchase records, newest purchase date first', querystring: ZPurchaseListQuery, response: { 200: ZAdminPurchaseList, 401: ZApiError, 403: ZApiError } },
    },
    async (req) => listPurchases(app.db, req.query.limit),
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
      const row = await addAdminPurchase(app.db, req.body, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] });
      return reply.status(201).send(row);
    },
  );
};
