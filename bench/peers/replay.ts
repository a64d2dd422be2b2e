// A ceiling peer for the ledger's cached answers: a bare node:http server (no framework, no lookup) that fetches one
// answer from SOURCE_URL at start and sends its exact headers and body to every request, with a new x-request-id
// each time, as the API's hot answers do. What any server in Node could do with that response on this machine.
import { randomUUID } from 'node:crypto';
import { createServer, type OutgoingHttpHeader } from 'node:http';

const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const res0 = await fetch(process.env.SOURCE_URL!);
const body = Buffer.from(await res0.arrayBuffer());
const headers: OutgoingHttpHeader[] = [];
res0.headers.forEach((value, name) => {
  if (!PER_RESPONSE.has(name)) headers.push(name, value);
});
headers.push('content-length', body.length, 'x-request-id', '');
const server = createServer((_req, res) => {
  const h = headers.slice();
  h[h.length - 1] = randomUUID();
  res.writeHead(200, h);
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
