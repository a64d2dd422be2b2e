import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerSummary, listLedger } from '@app/common/server/ledger.repository';
import { ledgerSummarySchema, listLedgerSchema } from './schema';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON that was serialised (from the schema's type) when it was cached: Fastify sends a string as is. */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/**
 * The public, read-only token ledger. The summary and the unsearched pages (the hot answers) come from the
 * per-process ledger cache as ready-made JSON, so a hit costs neither a query nor a serialisation.
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The cache generation a cached answer was read at; once the whole pipeline has made its response, that response
  // is kept as a hot answer for the same URL (api/src/hot-answers.ts) until the generation moves on.
  const readAt = new WeakMap<FastifyRequest, number>();
  const cached = (req: FastifyRequest) => {
    const generation = app.hotAnswers.generation();
    if (generation !== null) readAt.set(req, generation);
  };
  const keepHot: onSendAsyncHookHandler<unknown> = async (req, reply, payload) => {
    const generation = readAt.get(req);
    if (generation !== undefined && typeof payload === 'string') app.hotAnswers.record(req.url, generation, reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders, payload);
    return payload;
  };

  app.get('/api/ledger', { config: { access: 'public' }, schema: listLedgerSchema, onSend: keepHot }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const q = req.query;
    // Serialised here from the repository's typed answer (as the cached ones are): re-checking 50 rows against the
    // response schema on every request is work the types already do.
    if (q.search) return sendJson(reply as FastifyReply, JSON.stringify(await listLedger(app.db, q)));
    // Unsearched pages are the same for every reader until the ledger changes: each is cached like the first one
    // (keyed by its position and the page number it echoes), so a deep page that many read costs what page 1 does.
    cached(req);
    const at = q.after ? `after:${q.after}` : q.before ? `before:${q.before}` : 'start';
    const body = await app.ledgerCache.get(`page:${q.pageSize}:${q.page}:${at}`, async () => JSON.stringify(await listLedger(app.db, q)));
    return sendJson(reply as FastifyReply, body);
  });

  app.get('/api/ledger/summary', { config: { access: 'public' }, schema: ledgerSummarySchema, onSend: keepHot }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    cached(req);
    const body = await app.ledgerCache.get('summary', async () => JSON.stringify(await ledgerSummary(app.db)));
    return sendJson(reply as FastifyReply, body);
  });
};
