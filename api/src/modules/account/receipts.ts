import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_LIFETIME_MS, signLink, verifyLink, type LinkClaims } from '@app/common/domain/signed-link';
import { accountApi } from '@app/common/api/account';
import { ZPaymentParams, ZReceiptsFileQuery, ZStatementParams } from '@app/common/schemas/account';
import { ZApiError } from '@app/common/schemas/errors';
import { listPayments, statementYears } from '@app/common/server/account.repository';
import { enqueueMail } from '@app/common/server/mail/enqueue';
import { httpError } from '../../http-error';
import { limitPerGuess } from '../../plugins/rate-limit';
import type { ReceiptFiles } from './service';

const PDF = { produces: ['application/pdf'] };

/**
 * /api/receipts: a payer without an account reads their payments and receipts with the signed, expiring link every
 * receipt mail carries (by the address the receipts went to). A new link is only ever mailed to the address asked
 * for, and the answer is the same whether or not it paid anything, so the route says nothing about anyone.
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{ files: ReceiptFiles; linkSecret: string }> = async (app, { files, linkSecret }) => {
  const open = (token: string): LinkClaims => {
    const v = verifyLink(linkSecret, token, 'receipts', Date.now());
    if (v.ok) return v.claims;
    throw v.reason === 'expired' ? httpError(410, 'This link has expired. Ask for a new one below: we will e-mail it to you.') : httpError(403, 'This link is not valid. Ask for a new one below: we will e-mail it to you.');
  };

  app.get(
    accountApi.receipts.path,
    {
      config: { access: 'public', limit: 'receipts' },
      schema: { tags: ['account'], summary: "The payments and receipts of the address a mailed link names, newest first", querystring: accountApi.receipts.query, response: { 200: accountApi.receipts.response, 400: ZApiError, 403: ZApiError, 410: ZApiError, 429: ZApiError } },
    },
    async (req, reply) => {
      const claims = open(req.query.token);
      const who = { email: claims.e };
      const [page, years] = await Promise.all([listPayments(app.db, who, { cursor: req.query.cursor, limit: 25 }), statementYears(app.db, who)]);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return { email: claims.e, expires_at: new Date(claims.x).toISOString(), page, statement_years: years };
    },
  );

  app.get(
    '/api/receipts/payments/:kind/:id/receipt',
    {
      config: { access: 'public', limit: 'receipts' },
      schema: { tags: ['account'], summary: 'A PDF receipt of a payment of the address a mailed link names', params: ZPaymentParams, querystring: ZReceiptsFileQuery, ...PDF, response: { 400: ZApiError, 403: ZApiError, 404: ZApiError, 410: ZApiError, 429: ZApiError, 503: ZApiError } },
    },
    async (req, reply) => files.payment(reply, { email: open(req.query.token).e }, req.params.kind, req.params.id),
  );

  app.get(
    '/api/receipts/statements/:year',
    {
      config: { access: 'public', limit: 'receipts' },
      schema: { tags: ['account'], summary: 'The yearly statement of the address a mailed link names, as a PDF', params: ZStatementParams, querystring: ZReceiptsFileQuery, ...PDF, response: { 400: ZApiError, 403: ZApiError, 404: ZApiError, 410: ZApiError, 429: ZApiError, 503: ZApiError } },
    },
    async (req, reply) => files.statement(reply, { email: open(req.query.token).e }, req.params.year),
  );

  app.post(
    accountApi.receiptsLink.path,
    {
      config: { access: 'public', limit: 'receipts_link' },
      preHandler: limitPerGuess(app, 'receipts_link', (req) => String((req.body as { email?: unknown }).email ?? '').trim().toLowerCase()),
      schema: { tags: ['account'], summary: 'Mails a new receipts link to an address (the answer never says whether it paid anything)', body: accountApi.receiptsLink.body, response: { 202: accountApi.receiptsLink.response, 400: ZApiError, 429: ZApiError } },
    },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      // Only an address that paid gets mail; the asker hears the same either way.
      const { payments } = await listPayments(app.db, { email }, { limit: 1 });
      if (payments.length) await enqueueMail(app.queues, { kind: 'receipts-link', email, token: signLink(linkSecret, { p: 'receipts', e: email, x: Date.now() + LINK_LIFETIME_MS.receipts }) });
      return reply.status(202).send({ message: 'If payments were made with this address, a link to them is on its way there.' });
    },
  );
};
