import type http from 'node:http';
import net from 'node:net';

/** How often a close looks again while some connection still has bytes of a reply to write. */
const RETRY_MS = 10;

/**
 * Makes `server.close()` stop accepting at once without cutting a reply that is complete but still being written.
 *
 * Node's `http.Server.close()` destroys the connections it counts as idle, and a connection whose response has ended
 * counts as idle even while most of that response still waits in the socket's buffer for a slow reader: the client
 * gets a reset instead of its answer, for a request the server did all the work of (a draining API under load lost
 * replies that way). Here the listener closes at the net level (no new connections, at once), and Node's sweep of
 * the idle connections runs only at a moment when no connection has bytes left to hand to the system. Connections
 * are followed, not requests: nothing is added to a request's own path.
 */
export function closeWithWholeReplies(server: http.Server): void {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const sweep = () => {
    for (const socket of sockets) if (socket.writableLength > 0) return void setTimeout(sweep, RETRY_MS);
    server.closeIdleConnections();
  };
  server.close = function close(this: http.Server, callback?: (err?: Error) => void) {
    net.Server.prototype.close.call(this, callback);
    sweep();
    return this;
  };
}
