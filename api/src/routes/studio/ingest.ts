import { createHash } from 'node:crypto';
import { studioIngestBytes, studioIngestSockets } from '@app/common/server/metrics';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { SOCKET_PATH } from '@app/common/events';
import {
  chunkObjectKey,
  decodeFrame,
  INGEST_CLOSE,
  INGEST_CLOSE_REASONS,
  INGEST_PATH,
  MAX_FRAME_BYTES,
  MAX_RECORDING_BYTES,
  MAX_SEQ,
  type TIngestAck,
  type TIngestHello,
} from '@app/common/studio';
import { checkStudioCredential } from '@app/common/server/speaker-sessions.repository';
import { findRecording, heldSeqs, recordChunk, resumePoint, type StoreOutcome } from '@app/common/server/recordings.repository';
import { ZApiError } from '@app/common/schemas/errors';

/** Live counters of the ingest socket, for a /metrics endpoint to read (monotonic except openSockets). */
export interface StudioStats {
  /** Ingest sockets open now (authenticated or not yet). */
  openSockets: number;
  /** Sockets accepted since start (hello sent). */
  socketsAccepted: number;
  /** Chunk bytes stored (duplicates not counted). */
  bytesIngested: number;
  chunksStored: number;
  /** Resent chunks that were already stored (acked, not stored again). */
  duplicateChunks: number;
  /** Sockets closed by the server, by close code (4401, 4403, 4413, …, 1011 for an internal error). */
  closedByCode: Record<number, number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    studioStats: StudioStats;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Frames queued on one socket before it stops reading (TCP backpressure on the client). */
const PAUSE_AT = 8;
const RESUME_AT = 2;
/** Close code sent to every socket when the API shuts down (the client reconnects and resumes). */
const CLOSE_RESTART = 1012;
const CLOSE_INTERNAL = 1011;
const REASON_INTERNAL = 'Server error while storing a chunk: reconnect and resend';
const CHUNK_PUT = { contentType: 'application/octet-stream', cacheControl: 'private, no-store' };

/**
 * The studio's ingest WebSocket at INGEST_PATH?recording={id} (the wire contract is common/src/studio.ts).
 *
 * Upgrades are dispatched by path here: INGEST_PATH goes through Fastify's router (so the access and
 * rate-limit hooks run), Socket.IO's path is left to Socket.IO (which runs with destroyUpgrade: false
 * so it does not kill ours), anything else is answered 404.
 *
 * Every chunk is written to object storage, THEN its (recording, seq) row is inserted (ON CONFLICT DO
 * NOTHING) and the take's byte count raised in one statement under the take's row lock (which also
 * checks the take is still live and under quota), THEN acked: an ack always means durable. A resend of
 * a stored seq is acked with duplicate: true and stored once. One database round trip per chunk.
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
    const stats: StudioStats = { openSockets: 0, socketsAccepted: 0, bytesIngested: 0, chunksStored: 0, duplicateChunks: 0, closedByCode: {} };
    app.decorate('studioStats', stats);
    /** The socket currently sending each take (a newer one replaces it). */
    const senders = new Map<string, WebSocket>();

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
        stats.openSockets++;
        studioIngestSockets.inc();
        // ws closes a frame above maxPayload with 1009 by itself; the contract's code for it is 4413.
        const wsClose = socket.close.bind(socket);
        socket.close = (code?: number, reason?: string | Buffer) =>
          code === 1009 ? wsClose(INGEST_CLOSE.frameTooLarge, INGEST_CLOSE_REASONS[INGEST_CLOSE.frameTooLarge]) : wsClose(code, reason);
        const closeWith = (code: number, reason = INGEST_CLOSE_REASONS[code] ?? '') => {
          if (socket.readyState !== socket.OPEN) return;
          stats.closedByCode[code] = (stats.closedByCode[code] ?? 0) + 1;
          socket.close(code, reason);
        };
        socket.on('error', (err) => req.log.info({ err: err.message }, 'ingest socket error'));

        let take: { id: string; sessionId: string } | null = null;
        const held = new Set<number>();
        let nextSeq = 0;
        let bytesReceived = 0;
        let pending = 0;
        let paused = false;

        let recheck: NodeJS.Timeout | undefined;
        socket.on('close', () => {
          clearInterval(recheck);
          stats.openSockets--;
          studioIngestSockets.dec();
          if (take && senders.get(take.id) === socket) senders.delete(take.id);
        });

        const open = async (): Promise<boolean> => {
          const origin = req.headers.origin;
          if (!origin || (origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`)) return closeWith(INGEST_CLOSE.badOrigin), false;
          const recordingId = new URL(req.url, 'http://ingest').searchParams.get('recording') ?? '';
          if (!req.studioSessionId) return closeWith(INGEST_CLOSE.unauthorized), false;
          const rec = UUID.test(recordingId) ? await findRecording(app.db, recordingId) : undefined;
          if (!rec) return closeWith(INGEST_CLOSE.unknownRecording), false;
          if (rec.session_id !== req.studioSessionId) return closeWith(INGEST_CLOSE.wrongSession), false;
          if (rec.status !== 'recording') return closeWith(INGEST_CLOSE.notLive), false;
          if (socket.readyState !== socket.OPEN) return false;
          take = { id: rec.id, sessionId: rec.session_id };
          const previous = senders.get(rec.id);
          senders.set(rec.id, socket);
          if (previous && previous !== socket && previous.readyState === previous.OPEN) {
            stats.closedByCode[INGEST_CLOSE.replaced] = (stats.closedByCode[INGEST_CLOSE.replaced] ?? 0) + 1;
            previous.close(INGEST_CLOSE.replaced, INGEST_CLOSE_REASONS[INGEST_CLOSE.replaced]);
          }
          const seqs = await heldSeqs(app.db, rec.id);
          for (const s of seqs) held.add(s);
          const point = resumePoint(seqs);
          nextSeq = point.nextSeq;
          bytesReceived = Number(rec.bytes_received);
          const hello: TIngestHello = {
            type: 'hello',
            recording_id: rec.id,
            next_seq: nextSeq,
            held_after: point.heldAfter,
            bytes_received: Number(rec.bytes_received),
            max_frame_bytes: MAX_FRAME_BYTES,
          };
          socket.send(JSON.stringify(hello));
          stats.socketsAccepted++;
          const credential = req.cookies[opts.cookieName] ?? '';
          const sessionId = rec.session_id;
          recheck = setInterval(() => {
            checkStudioCredential(app.db, credential).then(
              (current) => {
                if (current !== sessionId) closeWith(INGEST_CLOSE.unauthorized);
              },
              (err: unknown) => req.log.warn({ err }, 'studio credential recheck failed'),
            );
          }, opts.credentialRecheckMs);
          recheck.unref();
          return true;
        };

        const ack = (seq: number, duplicate: boolean, bytesReceived: number) => {
          const a: TIngestAck = { type: 'ack', seq, duplicate, next_seq: nextSeq, bytes_received: bytesReceived };
          socket.send(JSON.stringify(a));
        };

        const refuseFor = (o: StoreOutcome) => {
          if (o.kind === 'unknown') closeWith(INGEST_CLOSE.unknownRecording);
          else if (o.kind === 'not_live') closeWith(INGEST_CLOSE.notLive);
          else if (o.kind === 'quota') closeWith(INGEST_CLOSE.quotaExceeded);
        };

        const handle = async (data: Buffer, isBinary: boolean): Promise<void> => {
          if (socket.readyState !== socket.OPEN || !take) return;
          if (senders.get(take.id) !== socket) return; // replaced meanwhile
          const frame = isBinary ? decodeFrame(data) : null;
          if (!frame || frame.seq > MAX_SEQ) return closeWith(INGEST_CLOSE.badFrame);
          const { seq, chunk } = frame;
          // Known resends are answered from memory (the held set is loaded at connect and kept up to
          // date); anything else is written, then the insert decides (another socket may have stored it).
          if (held.has(seq)) {
            stats.duplicateChunks++;
            return ack(seq, true, bytesReceived);
          }
          if (bytesReceived + chunk.byteLength > MAX_RECORDING_BYTES) return closeWith(INGEST_CLOSE.quotaExceeded);
          const key = chunkObjectKey(take.sessionId, take.id, seq);
          const sha256 = createHash('sha256').update(chunk).digest('hex');
          await app.storage.put(key, chunk, CHUNK_PUT);
          const out = await recordChunk(app.db, { recording_id: take.id, seq, size_bytes: chunk.byteLength, storage_key: key, sha256 });
          if (out.kind === 'stored' || out.kind === 'duplicate') {
            held.add(seq);
            bytesReceived = out.bytesReceived;
            while (held.has(nextSeq)) nextSeq++;
            if (out.kind === 'stored') {
              stats.chunksStored++;
              stats.bytesIngested += chunk.byteLength;
              studioIngestBytes.inc(chunk.byteLength);
            } else stats.duplicateChunks++;
            return ack(seq, out.kind === 'duplicate', out.bytesReceived);
          }
          refuseFor(out);
        };

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
              if (ok) await handle(buf, isBinary);
            } catch (err) {
              req.log.error({ err, recordingId: take?.id }, 'could not store a studio chunk');
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
