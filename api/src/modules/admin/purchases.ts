import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminApi } from '@app/common/api/admin';
import { ZApiError } from '@app/common/schemas/errors';
import { addAdminPurchase, listAdminPurchases } from '@app/common/server/admin-purchases.repository';

/** Token admin: every purchase record (paged), and adding one. Admin only, checked on the server. */
export const adminPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminApi.purchases.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'One page of the purchase records, newest purchase date first, and their count', querystring: adminApi.purchases.query, response: { 200: adminApi.purchases.response, 400: ZApiError, 401: ZApiError, 403: ZApiError } },
    },
    async (req) => listAdminPurchases(app.db, req.query),
  );

  app.post(
    adminApi.addPurchase.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Add a purchase record to the public ledger', body: adminApi.addPurchase.body, response: { 201: adminApi.addPurchase.response, 400: ZApiError, 401: ZApiError, 403: ZApiError } },
    },
    async (req, reply) => reply.status(201).send(await addAdminPurchase(app.db, req.body, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] })),
  );
};
