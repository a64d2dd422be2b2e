// The studio's ingest process: the API hands it each authorised ingest upgrade (the socket itself, over IPC),
// and it completes the WebSocket handshake and stores the take's chunks. A process of its own because every
// chunk allocates its bytes outside the JavaScript heap several times (socket reads, the frame), and V8
// answers each ~64 MB of that with a full collection, whose cost grows with the heap it marks: the API's
// heap (every route, schema and client) made those collections the largest part of the CPU a chunk cost,
// while this process's heap holds little more than ws, knex and the storage driver
// (docs/decisions/0004-studio-ingest-process.md).
import type { Socket } from 'node:net';
import { createLogger } from '@app/common/server/log';
import { WebSocketServer, type WebSocket } from 'ws';
import { Coalescer } from '@app/common/server/coalesce';
import { createDb } from '@app/common/server/db';
import { recordChunks, type ChunkRow } from '@app/common/server/studio/recording-chunks.repository';
import { createStorage } from '@app/common/server/storage/index';
import { MAX_FRAME_BYTES } from '@app/common/studio';
import { ZIngestProcessConfig, type FromIngestProcess, type ToIngestProcess } from './ingest-ipc';
import { serveIngestSocket } from './ingest-socket';

const CLOSE_RESTART = 1012;
const STATS_MS = 500;
const CLOSE_GRACE_MS = 3_000;

async function main(): Promise<void> {
  const config = ZIngestProcessConfig.parse(JSON.parse(process.env.INGEST_CONFIG ?? '{}'));
  const log = createLogger({ level: config.logLevel, base: { service: 'studio-ingest' } });
  const db = createDb(config.databaseUrl, { poolMax: config.dbPoolMax });
  const storage = createStorage(config.storage);
  await storage.ready();
  const send = (m: FromIngestProcess) => process.connected && process.send!(m);

  const senders = new Map<string, WebSocket>();
  // The rows of chunks stored in the same turn of the event loop (many speakers at once) go in one statement.
  const rows = new Coalescer((chunks: ChunkRow[]) => recordChunks(db, chunks));
  const stats = { sockets: 0, bytes: 0, chunks: 0 };
  let reported = '';
  const report = setInterval(() => {
    const now = JSON.stringify(stats);
    if (now !== reported) send({ type: 'stats', ...stats });
    reported = now;
  }, STATS_MS);
  const deps = {
    db,
    storage,
    log,
    senders,
    credentialRecheckMs: config.credentialRecheckMs,
    record: (row: ChunkRow) => {
      stats.chunks++;
      return rows.run(row);
    },
    stored: (bytes: number) => {
      stats.bytes += bytes;
    },
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const served = new Set<Promise<void>>();
  let draining = false;

  const accept = (m: Extract<ToIngestProcess, { type: 'socket' }>, socket: Socket) => {
    if (draining) return socket.destroy();
    socket.on('error', () => socket.destroy());
    const req = Object.assign(Object.create(null) as object, { method: m.method, url: m.url, headers: m.headers, socket });
    wss.handleUpgrade(req as never, socket, Buffer.from(m.head, 'base64'), (ws) => {
      stats.sockets++;
      const done = serveIngestSocket(ws, { recordingId: m.recordingId, studioSessionId: m.studioSessionId, credential: m.credential, originAllowed: m.originAllowed }, deps).finally(() => {
        stats.sockets--;
        served.delete(done);
      });
      served.add(done);
    });
  };

  const drain = async () => {
    if (draining) return;
    draining = true;
    for (const ws of wss.clients) ws.close(CLOSE_RESTART, 'Server restarting: reconnect to resume');
    // A client that does not answer the close handshake is cut off, so a restart never waits on it.
    setTimeout(() => {
      for (const ws of wss.clients) ws.terminate();
    }, CLOSE_GRACE_MS).unref();
    await Promise.all(served);
    clearInterval(report);
    send({ type: 'stats', ...stats });
    await Promise.allSettled([db.destroy(), storage.close()]);
    process.disconnect?.();
    process.exit(0);
  };

  process.on('message', (m: ToIngestProcess, handle?: Socket) => {
    if (m.type === 'socket' && handle) accept(m, handle);
    else if (m.type === 'drain') void drain();
    else if (m.type === 'report') send({ type: 'stats', ...stats, report: m.id });
  });
  // The API is gone (killed, or crashed): its sockets' speakers reconnect to its replacement.
  process.on('disconnect', () => void drain());
  process.on('SIGTERM', () => void drain());
  process.on('SIGINT', () => undefined); // a terminal's Ctrl-C reaches the API too, which drains this process
  send({ type: 'ready' });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
