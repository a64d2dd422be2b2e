import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { SOCKET_PATH } from '@app/common/events';
import { INGEST_PATH } from '@app/common/studio';
import { ZApiError } from '@app/common/schemas/errors';
import type { StorageEnv } from '@app/common/server/storage/index';
import { IngestHost, leaveServer } from './ingest-host';

/** The upgrade's socket and the bytes read past its headers, kept on the request while Fastify routes it. */
const kSocket = Symbol('ingest socket');
const kHead = Symbol('ingest head');
type UpgradeRequest = IncomingMessage & { [kSocket]?: Socket; [kHead]?: Buffer };

/**
 * The studio's ingest WebSocket at INGEST_PATH?recording={id} (the wire contract is common/src/studio.ts).
 *
 * Upgrades are dispatched by path here: INGEST_PATH goes through Fastify's router (so the access and
 * rate-limit hooks run), Socket.IO's path is left to Socket.IO (which runs with destroyUpgrade: false
 * so it does not kill ours), anything else is answered 404. An upgrade the hooks let through is handed,
 * socket and all, to the studio's ingest process (ingest-process.ts), which completes the handshake and
 * serves the take; the ingest figures are the prom-client metrics of common/src/server/metrics.ts.
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
  databaseUrl: string;
  dbPoolMax: number;
  logLevel: string;
  storage: StorageEnv;
  /** How long closing the API waits for the ingest process to store what it received. */
  drainTimeoutMs: number;
}>(
  async (app, opts) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const host = new IngestHost({
      config: { databaseUrl: opts.databaseUrl, dbPoolMax: opts.dbPoolMax, logLevel: opts.logLevel, credentialRecheckMs: opts.credentialRecheckMs, storage: opts.storage },
      log: app.log,
      // A chunk is activity: a take streams over one socket with no HTTP request for minutes.
      onActivity: () => app.markActive(),
      drainTimeoutMs: opts.drainTimeoutMs,
    });

    const onUpgrade = (req: UpgradeRequest, socket: Socket, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === INGEST_PATH) {
        // Node removes its own error listener before 'upgrade': a reset while the hooks run must not throw.
        socket.on('error', () => socket.destroy());
        leaveServer(socket);
        req[kSocket] = socket;
        req[kHead] = head;
        const res = new ServerResponse(req);
        res.assignSocket(socket);
        // A hook's answer (429, 400) is written to the socket as a plain HTTP response, which then closes.
        res.on('finish', () => socket.destroySoon());
        app.routing(req, res);
      } else if (!path?.startsWith(`${SOCKET_PATH}/`)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    };
    app.server.on('upgrade', onUpgrade);
    // The ingest process starts draining with the API, and the API's listener closes meanwhile (not after it),
    // so the speakers' reconnects reach the next instance; the API waits for its last chunks before it ends.
    let drained: Promise<void> = Promise.resolve();
    app.addHook('preClose', async () => {
      app.server.removeListener('upgrade', onUpgrade);
      drained = host.close();
    });
    app.addHook('onClose', async () => drained);

    app.route({
      method: 'GET',
      url: INGEST_PATH,
      config: { access: 'speaker', studioSocket: true },
      schema: {
        tags: ['studio'],
        summary: 'The studio\'s ingest WebSocket (query recording=<id>); a plain GET answers 426',
        response: { 426: ZApiError },
      },
      handler: async (req, reply) => {
        const raw = req.raw as UpgradeRequest;
        const socket = raw[kSocket];
        if (!socket) return reply.status(426).header('upgrade', 'websocket').send({ statusCode: 426, error: 'Upgrade Required', message: 'Open this address as a WebSocket', requestId: req.id });
        reply.hijack();
        reply.raw.detachSocket(socket);
        const origin = req.headers.origin;
        host
          .handOff(socket, raw[kHead] ?? Buffer.alloc(0), {
            method: raw.method ?? 'GET',
            url: raw.url ?? INGEST_PATH,
            headers: raw.headers,
            recordingId: new URL(req.url, 'http://ingest').searchParams.get('recording') ?? '',
            studioSessionId: req.studioSessionId ?? undefined,
            credential: req.cookies[opts.cookieName] ?? '',
            originAllowed: Boolean(origin) && (origin === publicOrigin || origin === `${req.protocol}://${req.host}`),
          })
          .catch((err: unknown) => {
            req.log.error({ err }, 'could not hand an ingest socket to the ingest process');
            socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          });
        return reply;
      },
    });
  },
  { name: 'studio-ingest', dependencies: ['access', 'storage', 'db'] },
);
