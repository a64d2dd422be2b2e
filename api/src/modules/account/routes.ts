import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_LIFETIME_MS, signLink, verifyLink } from '@app/common/domain/signed-link';
import { accountApi } from '@app/common/api/account';
import { ZPaymentParams, ZStatementParams } from '@app/common/schemas/account';
import { ZApiError } from '@app/common/schemas/errors';
import { accountOverview, claimPayments, listPayments } from '@app/common/server/account.repository';
import { enqueueMail } from '@app/common/server/mail/enqueue';
import { httpError } from '../../http-error';
import { limitPerGuess } from '../../plugins/rate-limit';
import type { ReceiptFiles } from './service';

const FIRST_PAGE = 25;
const PDF = { produces: ['application/pdf'] };

/**
 * /api/account: the signed-in member's own payments (newest first, keyset-paged), ADX holdings, PDF receipts and
 * yearly statements, and claiming what they paid signed out. Every query is by the session's user id: no route takes
 * a member id, so nobody (an admin included) reads another member's account here.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ files: ReceiptFiles; linkSecret: string }> = async (app, { files, linkSecret }) => {
  app.get(
    accountApi.overview.path,
    {
      config: { access: 'member' },
      schema: { tags: ['account'], summary: "The member's holdings, first page of payments, statement years and claimable payments", response: { 200: accountApi.overview.response, 401: ZApiError } },
    },
    async (req, reply) => {
      const s = req.session!;
      const overview = await accountOverview(app.db, s.userId, s.email, FIRST_PAGE);
      reply.header('cache-control', 'private, no-store');
      return { email: s.email, ...overview };
    },
  );

  app.get(
    accountApi.payments.path,
    {
      config: { access: 'member' },
      schema: { tags: ['account'], summary: "A page of the member's payments after `cursor`, newest first", querystring: accountApi.payments.query, response: { 200: accountApi.payments.response, 400: ZApiError, 401: ZApiError } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listPayments(app.db, { userId: req.session!.userId }, { cursor: req.query.cursor, limit: req.query.limit });
    },
  );

  app.get(
    '/api/account/payments/:kind/:id/receipt',
    {
      config: { access: 'member' },
      schema: { tags: ['account'], summary: "One of the member's payments as a PDF receipt", params: ZPaymentParams, ...PDF, response: { 400: ZApiError, 401: ZApiError, 404: ZApiError, 503: ZApiError } },
    },
    async (req, reply) => files.payment(reply, { userId: req.session!.userId }, req.params.kind, req.params.id),
  );

  app.get(
    '/api/account/statements/:year',
    {
      config: { access: 'member' },
      schema: { tags: ['account'], summary: "The member's yearly statement as a PDF", params: ZStatementParams, ...PDF, response: { 400: ZApiError, 401: ZApiError, 404: ZApiError, 503: ZApiError } },
    },
    async (req, reply) => files.statement(reply, { userId: req.session!.userId }, req.params.year),
  );

  app.post(
    accountApi.claim.path,
    {
      config: { access: 'member', limit: 'receipts_link' },
      schema: { tags: ['account'], summary: "Mails to the member's own address a link that adds the payments made signed out with it", response: { 202: accountApi.claim.response, 400: ZApiError, 401: ZApiError, 429: ZApiError } },
    },
    async (req, reply) => {
      const s = req.session!;
      if (!s.email) throw httpError(400, 'Your account has no e-mail address to send the link to.');
      const token = signLink(linkSecret, { p: 'claim', e: s.email.toLowerCase(), u: s.userId, x: Date.now() + LINK_LIFETIME_MS.claim });
      await enqueueMail(app.queues, { kind: 'account-claim', userId: s.userId, token });
      return reply.status(202).send({ message: 'We sent a link to your e-mail address. Open it while signed in to add those payments to your account.' });
    },
  );

  app.post(
    accountApi.confirmClaim.path,
    {
      config: { access: 'member', limit: 'receipts' },
      preHandler: limitPerGuess(app, 'authentication', (req) => (req.body as { token?: string }).token ?? ''),
      schema: { tags: ['account'], summary: 'Adds to the account the payments a mailed claim link names', body: accountApi.confirmClaim.body, response: { 200: accountApi.confirmClaim.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 410: ZApiError, 429: ZApiError } },
    },
    async (req) => {
      const s = req.session!;
      const v = verifyLink(linkSecret, req.body.token, 'claim', Date.now());
      if (!v.ok) throw httpError(v.reason === 'expired' ? 410 : 400, v.reason === 'expired' ? 'This link has expired. Ask for a new one on your account page.' : 'This link is not valid.');
      // The link was mailed to this member's address: it proves they read that address, and only while it is still theirs.
      if (v.claims.u !== s.userId || v.claims.e !== s.email?.toLowerCase()) throw httpError(403, 'This link was sent for another account. Sign in with the account that asked for it.');
      return { claimed: await claimPayments(app.db, s.userId, v.claims.e) };
    },
  );
};
