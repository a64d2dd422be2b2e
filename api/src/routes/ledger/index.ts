import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerSummary, listLedger } from '@app/common/server/ledger.repository';
import { ledgerSummarySchema, listLedgerSchema } from './schema';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON that was serialised (from the schema's type) when it was cached: Fastify sends a string as is. */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/**
 * The public, read-only token ledger. The summary and the unsearched first page (the hot answers) come from the
 * per-process ledger cache as ready-made JSON, so a hit costs neither a query nor a serialisation.
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/ledger', { config: { access: 'public' }, schema: listLedgerSchema }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const q = req.query;
    if (q.search || q.after || q.before) return listLedger(app.db, q);
    const body = await app.ledgerCache.get(`page:${q.pageSize}`, async () => JSON.stringify(await listLedger(app.db, q)));
    return sendJson(reply as FastifyReply, body);
  });

  app.get('/api/ledger/summary', { config: { access: 'public' }, schema: ledgerSummarySchema }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const body = await app.ledgerCache.get('summary', async () => JSON.stringify(await ledgerSummary(app.db)));
    return sendJson(reply as FastifyReply, body);
  });
};
