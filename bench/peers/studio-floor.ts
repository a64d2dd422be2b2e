// The floor peer for the studio's ingest: a bare Node WebSocket server (`ws` with the native `bufferutil`
// unmasking, no framework, no database) that does the least any ingest design must do with a chunk: receive
// the frame, hash it, append it to a file, ack. It speaks the ingest socket's wire format (a JSON hello, then
// one JSON ack per binary frame of a 4-byte seq + chunk), so the bench drives it with the same simulated
// speakers as the API. Frames of one socket are handled in order, as the API does.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';

const dir = process.env.FLOOR_DIR!;
mkdirSync(dir, { recursive: true });
const server = createServer((_req, res) => res.writeHead(426).end());
const wss = new WebSocketServer({ server, maxPayload: 16 << 20, perMessageDeflate: false });
let sockets = 0;

wss.on('connection', (ws) => {
  const file = open(path.join(dir, `${process.pid}-${sockets++}.bin`), 'a');
  let chain: Promise<unknown> = file;
  let bytes = 0;
  ws.send(JSON.stringify({ type: 'hello', recording_id: 'floor', next_seq: 0, held_after: [], bytes_received: 0, max_frame_bytes: 16 << 20 }));
  ws.on('message', (data: Buffer) => {
    chain = chain.then(async () => {
      const seq = data.readUInt32BE(0);
      const chunk = data.subarray(4);
      createHash('sha256').update(chunk).digest('hex');
      await (await file).write(chunk);
      bytes += chunk.length;
      ws.send(JSON.stringify({ type: 'ack', seq, duplicate: false, next_seq: seq + 1, bytes_received: bytes }));
    });
  });
  ws.on('close', () => void chain.then(async () => (await file).close()));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  server.close(() => process.exit(0));
});
