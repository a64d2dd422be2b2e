import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { ledgerStreamSchema } from './schema';

/** A comment line every this many ms keeps proxies and browsers from closing a quiet stream (nginx: 60 s by default). */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ended (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** Open streams one process holds at most; past it a browser is told to come back later (503, and it retries). */
const MAX_STREAMS = 10_000;

/** The event the page refetches on: the ledger changed, and this process's cached answers are already dropped. */
const CHANGED = 'event: changed\ndata: {}\n\n';

/**
 * GET /api/ledger/stream: the public ledger's live updates as server-sent events, for the /token-ledger page's
 * native EventSource (no Socket.IO client on that page: 12.7 KB off its JS budget, docs/decisions/0002-public-ledger-page-weight.md).
 *
 * Fed by the ledger cache's one `LISTEN ledger_changed` connection per process (common/src/server/ledger/ledger-cache.ts),
 * not a connection per browser: each change notice first drops the cached summary and first page, then sends
 * `changed` to every open stream, so the refetch it causes is answered with the new rows. The stream carries no
 * rows (the page refetches what it shows: its search and page), a heartbeat comment every 25 s, and nothing else.
 * On close (SIGTERM) every stream is ended before Fastify waits for open connections, and a stream asked for while
 * closing ends at once: browsers reconnect (to another instance behind the proxy) and refetch.
 */
export const ledgerStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Set<PassThrough>();
  let closing = false;

  const broadcast = (text: string) => {
    for (const stream of streams) if (!stream.destroyed && !stream.writableEnded) stream.write(text);
  };
  const stopWatching = app.ledgerCache.watch(() => broadcast(CHANGED));
  const heartbeat = setInterval(() => broadcast(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    stopWatching();
    for (const stream of streams) stream.end();
    streams.clear();
  });

  app.get(LEDGER_PATHS.stream, { config: { access: 'public', eventStream: true }, schema: ledgerStreamSchema }, async (req, reply) => {
    if (!closing && streams.size >= MAX_STREAMS) {
      return reply.status(503).header('retry-after', '10').send({ statusCode: 503, error: 'Service Unavailable', message: 'Too many live ledger streams; try again shortly', requestId: req.id });
    }
    const stream = new PassThrough();
    // The first bytes go out at once, so the browser's EventSource opens (and the page refetches once) without
    // waiting for a change; `retry` sets its reconnect delay.
    stream.write(`retry: ${RETRY_MS}\n: open\n\n`);
    if (closing) stream.end();
    else {
      streams.add(stream);
      const drop = () => {
        streams.delete(stream);
        if (!stream.destroyed) stream.destroy();
      };
      // The response closes when the browser goes away (or the stream ends); the request's own 'close' does not
      // say that (it fires once a request body is read).
      reply.raw.once('close', drop);
      stream.once('close', () => streams.delete(stream));
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store, no-transform')
      // nginx (deploy/nginx.conf) would otherwise buffer the response and hold the events back.
      .header('x-accel-buffering', 'no')
      // The connection ends with the stream: closing (preClose ends every stream) then finds no kept-alive
      // connection to wait for, and a browser reconnects on a new connection (to another instance when draining).
      .header('connection', 'close')
      .send(stream);
  });
};
