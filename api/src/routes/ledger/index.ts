import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerSummary, listLedger } from '@app/common/server/ledger.repository';
import { ledgerSummarySchema, listLedgerSchema } from './schema';

/** The public, read-only token ledger. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/ledger', { config: { access: 'public' }, schema: listLedgerSchema }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listLedger(app.db, req.query);
  });

  app.get('/api/ledger/summary', { config: { access: 'public' }, schema: ledgerSummarySchema }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ledgerSummary(app.db);
  });
};
