import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@app/common/schemas/errors';
import { paymentsApi } from '@app/common/api/payments';
import { ZManageLinkQuery } from '@app/common/schemas/monthly';
import { findSubscription } from '@app/common/server/payments/monthly';
import { listMonthlyGifts } from '@app/common/server/payments/monthly-gifts.repository';
import { verifyManageToken } from '@app/common/server/payments/monthly-links';
import { httpError } from '../../http-error';
import { portalFor } from './monthly.service';

/**
 * Monthly giving's own routes: a member's running gifts, the Customer Portal for one of them (members), and the
 * signed "Manage or cancel" link of every monthly receipt, which opens the portal for whoever holds the mail.
 */
export const monthlyRoutes: FastifyPluginAsyncZod<{ publicUrl: string; productName: string }> = async (app, opts) => {
  app.get(
    paymentsApi.monthlyGifts.path,
    { config: { access: 'member', limit: 'api_call' }, schema: { tags: ['payments'], summary: 'My running monthly gifts', response: { 200: paymentsApi.monthlyGifts.response, 401: ZApiError } } },
    async (req) => ({ rows: await listMonthlyGifts(app.db, req.session!.userId) }),
  );

  app.post(
    paymentsApi.monthlyPortal.path,
    {
      config: { access: 'member', limit: 'payment' },
      schema: {
        tags: ['payments'],
        summary: "Open the payment provider's Customer Portal for one of my monthly gifts (change the card or cancel)",
        params: paymentsApi.monthlyPortal.params,
        response: { 200: paymentsApi.monthlyPortal.response, 401: ZApiError, 404: ZApiError, 409: ZApiError, 502: ZApiError, 503: ZApiError },
      },
    },
    async (req) => {
      const gift = await findSubscription(app.db, req.params.id);
      // Another member's gift is not found, not forbidden: its existence is not theirs to learn.
      if (!gift || gift.user_id !== req.session!.userId) throw httpError(404, 'No such monthly gift');
      // The member came from their account page; the portal's way back leads there.
      return portalFor(app.db, app.payments, gift.id, `${opts.publicUrl}/account`);
    },
  );

  app.get(
    '/api/payments/monthly/manage',
    {
      config: { access: 'public', limit: 'payment' },
      schema: {
        tags: ['payments'],
        summary: 'A monthly receipt\'s "Manage or cancel" link (signed, expiring): redirects to a new Customer Portal session',
        querystring: ZManageLinkQuery,
        response: {
          303: z.null().describe("To the provider's Customer Portal; a browser (Accept: text/html) with a bad link, or when the portal cannot open, to /receipts?manage=invalid|unavailable"),
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          502: ZApiError,
          503: ZApiError,
        },
      },
      // A person follows this link from a mail: a browser is shown a page that says what went wrong, not JSON.
      errorHandler: (err: { statusCode?: number }, req, reply) => {
        if (!req.headers.accept?.includes('text/html')) throw err;
        const status = err.statusCode ?? 500;
        return reply.header('cache-control', 'no-store').redirect(`/receipts?manage=${status === 400 || status === 403 || status === 404 ? 'invalid' : 'unavailable'}`, 303);
      },
    },
    async (req, reply) => {
      const giftId = await verifyManageToken(app.db, req.query.token, app.clock());
      if (!giftId) throw httpError(403, 'This link is not valid or has expired. The latest receipt carries a new one.');
      const { url } = await portalFor(app.db, app.payments, giftId, `${opts.publicUrl}/`);
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );
};
