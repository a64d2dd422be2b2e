import type http from 'node:http';
import net from 'node:net';

/**
 * Makes `server.close()` stop accepting at once without cutting a reply that is complete but still being written.
 *
 * Node's `http.Server.close()` destroys the connections it counts as idle, and a connection whose response has ended
 * counts as idle even while most of that response still waits in the socket's buffer for a slow reader: the client
 * gets a reset instead of its answer, for a request the server did all the work of (a draining API under load lost
 * replies that way). Here the listener closes at the net level (no new connections, at once), and Node's sweep of
 * the idle connections runs only at a moment when no ended reply is still being written: now, or when such a reply
 * has been handed to the system. A reply that ends after the close lets the sweep run again, so a keep-alive
 * connection that was busy at the close is closed once it is idle instead of lingering until its keep-alive timeout.
 */
export function closeWithWholeReplies(server: http.Server): void {
  const open = new Set<http.ServerResponse>();
  let closing = false;
  const sweep = () => {
    for (const res of open) if (res.writableEnded && !res.writableFinished) return;
    server.closeIdleConnections();
  };
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (closing) sweep();
    });
  });
  server.close = function close(this: http.Server, callback?: (err?: Error) => void) {
    closing = true;
    net.Server.prototype.close.call(this, callback);
    sweep();
    return this;
  };
}
