import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { SOCKET_PATH } from '@app/common/events';
import { INGEST_CLOSE, INGEST_CLOSE_REASONS, INGEST_PATH, MAX_FRAME_BYTES } from '@app/common/studio';
import { studioIngestSockets } from '@app/common/server/metrics';
import { Coalescer } from '@app/common/server/coalesce';
import { recordChunks, type ChunkRow } from '@app/common/server/recording-chunks.repository';
import { ZApiError } from '@app/common/schemas/errors';
import { IngestSession } from './ingest.service';

/** Frames queued on one socket before it stops reading (TCP backpressure on the client). */
const PAUSE_AT = 8;
const RESUME_AT = 2;
/** Close code sent to every socket when the API shuts down (the client reconnects and resumes). */
const CLOSE_RESTART = 1012;
const CLOSE_INTERNAL = 1011;
const REASON_INTERNAL = 'Server error while storing a chunk: reconnect and resend';

/**
 * The studio's ingest WebSocket at INGEST_PATH?recording={id} (the wire contract is common/src/studio.ts).
 *
 * Upgrades are dispatched by path here: INGEST_PATH goes through Fastify's router (so the access and
 * rate-limit hooks run), Socket.IO's path is left to Socket.IO (which runs with destroyUpgrade: false
 * so it does not kill ours), anything else is answered 404.
 *
 * Each socket's take is an IngestSession (ingest.service.ts); this plugin only routes
 * upgrades, feeds it frames one at a time and applies backpressure. The ingest figures are the
 * prom-client metrics of common/src/server/metrics.ts.
 */
export const ingestPlugin = fp<{
  publicUrl: string;
  /** The studio credential cookie's name (checked again on open sockets). */
  cookieName: string;
  /**
   * How often an open socket's credential is checked again (ms): a credential revoked by a new
   * speaker token, or expired, ends its socket with 4401 within this time.
   */
  credentialRecheckMs: number;
}>(
  async (app, opts) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    /** The socket currently sending each take (a newer one replaces it). */
    const senders = new Map<string, WebSocket>();
    // The rows of chunks stored in the same turn of the event loop (many speakers at once) go in one statement.
    const rows = new Coalescer((chunks: ChunkRow[]) => recordChunks(app.db, chunks));
    // A chunk is activity: a take streams over one socket with no HTTP request for minutes.
    const record = (chunk: ChunkRow) => {
      app.markActive();
      return rows.run(chunk);
    };

    const ingestUpgrades = new EventEmitter();
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === INGEST_PATH) ingestUpgrades.emit('upgrade', req, socket, head);
      else if (!path?.startsWith(`${SOCKET_PATH}/`)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    };
    app.server.on('upgrade', onUpgrade);

    await app.register(websocket, {
      // @fastify/websocket listens for 'upgrade' on this emitter (ours, fed above) instead of the HTTP server.
      options: { server: ingestUpgrades as never, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
      preClose(done) {
        app.server.removeListener('upgrade', onUpgrade);
        for (const client of app.websocketServer.clients) client.close(CLOSE_RESTART, 'Server restarting: reconnect to resume');
        app.websocketServer.close(() => done());
      },
    });

    app.route({
      method: 'GET',
      url: INGEST_PATH,
      config: { access: 'speaker', studioSocket: true },
      schema: {
        tags: ['studio'],
        summary: 'The studio\'s ingest WebSocket (query recording=<id>); a plain GET answers 426',
        response: { 426: ZApiError },
      },
      handler: async (req, reply) =>
        reply.status(426).header('upgrade', 'websocket').send({ statusCode: 426, error: 'Upgrade Required', message: 'Open this address as a WebSocket', requestId: req.id }),
      wsHandler: (socket, req) => {
        studioIngestSockets.inc();
        // ws closes a frame above maxPayload with 1009 by itself; the contract's code for it is 4413.
        const wsClose = socket.close.bind(socket);
        socket.close = (code?: number, reason?: string | Buffer) =>
          code === 1009 ? wsClose(INGEST_CLOSE.frameTooLarge, INGEST_CLOSE_REASONS[INGEST_CLOSE.frameTooLarge]) : wsClose(code, reason);
        socket.on('error', (err) => req.log.info({ err: err.message }, 'ingest socket error'));
        const session = new IngestSession(socket, { db: app.db, storage: app.storage, log: req.log, senders, credentialRecheckMs: opts.credentialRecheckMs, record });
        socket.on('close', () => {
          studioIngestSockets.dec();
          session.dispose();
        });
        const origin = req.headers.origin;
        const open = () =>
          session.open({
            recordingId: new URL(req.url, 'http://ingest').searchParams.get('recording') ?? '',
            studioSessionId: req.studioSessionId ?? undefined,
            credential: req.cookies[opts.cookieName] ?? '',
            originAllowed: Boolean(origin) && (origin === publicOrigin || origin === `${req.protocol}://${req.host}`),
          });
        const closeWith = (code: number, reason: string) => session.closeWith(code, reason);
        let pending = 0;
        let paused = false;

        // Frames are handled one at a time, in arrival order, once the socket is authenticated; the
        // listener is attached at once so nothing sent right after the handshake is lost.
        let chain: Promise<boolean> = open().catch((err: unknown) => {
          req.log.error({ err }, 'ingest socket could not open');
          closeWith(CLOSE_INTERNAL, REASON_INTERNAL);
          return false;
        });
        socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
          const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
          pending++;
          if (pending >= PAUSE_AT && !paused) {
            paused = true;
            socket.pause();
          }
          chain = chain.then(async (ok) => {
            try {
              if (ok) await session.handle(buf, isBinary);
            } catch (err) {
              req.log.error({ err }, 'could not store a studio chunk');
              closeWith(CLOSE_INTERNAL, REASON_INTERNAL);
              return false;
            } finally {
              pending--;
              if (paused && pending <= RESUME_AT) {
                paused = false;
                socket.resume();
              }
            }
            return ok && socket.readyState === socket.OPEN;
          });
        });
      },
    });
  },
  { name: 'studio-ingest', dependencies: ['access', 'storage', 'db'] },
);
