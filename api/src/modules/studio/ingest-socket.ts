import type { WebSocket } from 'ws';
import { INGEST_CLOSE, INGEST_CLOSE_REASONS } from '@app/common/studio';
import { IngestSession, type IngestDeps, type IngestRequest } from './ingest.service';

/** Frames queued on one socket before it stops reading (TCP backpressure on the client). */
const PAUSE_AT = 8;
const RESUME_AT = 2;
const CLOSE_INTERNAL = 1011;
const REASON_INTERNAL = 'Server error while storing a chunk: reconnect and resend';

/**
 * Serves one upgraded ingest socket: its take is an IngestSession (ingest.service.ts), fed one frame at a
 * time in arrival order, with backpressure. Resolves when the socket has closed and its last frame is handled.
 */
export function serveIngestSocket(socket: WebSocket, req: IngestRequest, deps: IngestDeps): Promise<void> {
  // ws closes a frame above maxPayload with 1009 by itself; the contract's code for it is 4413.
  const wsClose = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) =>
    code === 1009 ? wsClose(INGEST_CLOSE.frameTooLarge, INGEST_CLOSE_REASONS[INGEST_CLOSE.frameTooLarge]) : wsClose(code, reason);
  socket.on('error', (err) => deps.log.info({ err: err.message }, 'ingest socket error'));
  const session = new IngestSession(socket, deps);
  const closeWith = (code: number, reason: string) => session.closeWith(code, reason);
  let pending = 0;
  let paused = false;

  // Frames are handled one at a time, in arrival order, once the socket is authenticated; the listener is
  // attached at once so nothing sent right after the handshake is lost.
  let chain: Promise<boolean> = session.open(req).catch((err: unknown) => {
    deps.log.error({ err }, 'ingest socket could not open');
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
        deps.log.error({ err }, 'could not store a studio chunk');
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
  return new Promise((resolve) =>
    socket.on('close', () => {
      session.dispose();
      // The frames already received are still stored (and their rows written) before the socket counts as done.
      void chain.finally(() => resolve());
    }),
  );
}
