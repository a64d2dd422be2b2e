import http from 'node:http';
import net from 'node:net';

/** A running reverse proxy. */
export interface Proxy {
  port: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * The stand-in for nginx where nginx cannot be had (scripts/lib/nginx.ts runs deploy/nginx.conf otherwise): HTTP requests
 * go round-robin to the API instances, skipping one that refuses connections (a restarting instance)
 * when the request has no body yet sent; WebSocket upgrades (Socket.IO, which our client runs
 * websocket-only, so no sticky sessions are needed) are piped through to one instance for the socket's
 * life. Adds X-Forwarded-For/-Proto/-Host, so the APIs run with TRUST_PROXY=true behind it.
 */
export function startProxy(port: number, targets: Array<{ host: string; port: number }>, host = '127.0.0.1'): Promise<Proxy> {
  let next = 0;
  const pick = () => targets[next++ % targets.length]!;

  const forwarded = (req: http.IncomingMessage): Record<string, string> => {
    // Replaced, not appended: the APIs trust this hop, so a client must not choose its own address (rate limits).
    return { 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' };
  };

  const server = http.createServer((req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && !k.startsWith('x-forwarded-')) headers[k] = v;
    Object.assign(headers, forwarded(req));
    const bodyless = (req.method === 'GET' || req.method === 'HEAD') && !req.headers['content-length'];
    const attempt = (tries: number) => {
      const target = pick();
      const upstream = http.request({ host: target.host, port: target.port, method: req.method, path: req.url, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (bodyless && err.code === 'ECONNREFUSED' && tries < targets.length) return attempt(tries + 1);
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: 'No API instance answered; try again' }));
        } else res.destroy();
      });
      if (bodyless) upstream.end();
      else req.pipe(upstream);
    };
    attempt(1);
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const target = pick();
    const upstream = net.connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!/^x-forwarded-/i.test(req.rawHeaders[i] ?? '')) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [k, v] of Object.entries(forwarded(req))) lines.push(`${k}: ${v}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
