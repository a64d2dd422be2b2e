// The floor of an HTTP rush: bare node:http answering a constant JSON body (no framework, no database), so a
// bench can tell its client's and the kernel's share of a rush from the application's.
import http from 'node:http';

const body = '{"ok":true}';
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body));
});
// Keep-alive connections opened before a rush stay open while the bench runs (Node's default is 5 s).
server.keepAliveTimeout = 120_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
