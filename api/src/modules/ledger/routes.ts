import { createHash } from 'node:crypto';
import fastifyEtag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { LEDGER_CACHE_CONTROL } from '@app/common/domain/ledger-http-cache';
import { listLedger } from '@app/common/server/ledger/ledger-page.repository';
import { ledgerSummary } from '@app/common/server/ledger/ledger-totals.repository';
import { ledgerSummarySchema, listLedgerSchema } from './schema';

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer serialised once, with the ETag of its bytes (the same on every replica, unlike a per-process counter). */
interface Answer {
  body: string;
  etag: string;
}

/** @fastify/etag's default tag (sha1, base64), so a cached answer and a hashed search answer look alike. */
function answer(value: unknown): Answer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64')}"` };
}

/**
 * The public, read-only token ledger, cacheable by browsers and the proxy (Cache-Control, ETag, 304). The summary and
 * the unsearched pages come from the per-process ledger cache serialised and tagged once per ledger change, so
 * neither a hit nor a 304 costs a query, a serialisation or a hash; a search is hashed per answer by @fastify/etag.
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only a success may be kept by others: an error (bad query, database away) is for this request alone. Added before
  // @fastify/etag's hook, so it sees the route's status, not the 304 the plugin may turn it into.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', reply.statusCode === 200 ? LEDGER_CACHE_CONTROL : 'no-store');
    return payload;
  });
  // Answers 304 to an If-None-Match equal to the ETag; tags answers that have none yet.
  await app.register(fastifyEtag);

  const send = (reply: FastifyReply, a: Answer) => reply.header('etag', a.etag).type(JSON_TYPE).send(a.body);

  app.get(LEDGER_PATHS.page, { config: { access: 'public' }, schema: listLedgerSchema }, async (req, reply) => {
    const q = req.query;
    // Serialised here from the repository's typed answer (as the cached ones are): re-checking 50 rows against the
    // response schema on every request is work the types already do.
    if (q.search) return (reply as FastifyReply).type(JSON_TYPE).send(JSON.stringify(await listLedger(app.db, q)));
    // Unsearched pages are the same for every reader until the ledger changes: each is cached like the first one
    // (keyed by its position and the page number it echoes), so a deep page that many read costs what page 1 does.
    const at = q.after ? `after:${q.after}` : q.before ? `before:${q.before}` : 'start';
    return send(reply as FastifyReply, await app.ledgerCache.get(`page:${q.pageSize}:${q.page}:${at}`, async () => answer(await listLedger(app.db, q))));
  });

  app.get(LEDGER_PATHS.summary, { config: { access: 'public' }, schema: ledgerSummarySchema }, async (_req, reply) => {
    return send(reply as FastifyReply, await app.ledgerCache.get('summary', async () => answer(await ledgerSummary(app.db))));
  });
};
