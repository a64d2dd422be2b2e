// Closing the API (what SIGTERM does) stops new connections at once and lets every reply already given reach its
// client whole. Node's http server close destroys the connections it counts as idle, and one whose reply has ended
// counts as idle while most of that reply still waits in the socket's buffer for a slow reader: that client got a
// reset for a request the server had done all the work of (seen as a lost reply in drain.test.ts under load).
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/worker';

/** Larger than what loopback's socket buffers hold for a reader that stopped reading. */
const BIG = 40 * 1024 * 1024;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

describe('closing the API', () => {
  it("lets a slow reader have the whole of a reply that was complete when the close came", async () => {
    let raw: http.ServerResponse | undefined;
    t = await startTestApp({
      listen: true,
      routes: (app) =>
        app.get('/test/whole-reply', { config: { access: 'public' } }, async (_req, reply) => {
          raw = reply.raw;
          return reply.type('application/octet-stream').send(Buffer.alloc(BIG, 7));
        }),
    });
    const port = Number(new URL(t.baseUrl).port);
    let received = 0;
    let res!: http.IncomingMessage;
    const whole = new Promise<string>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/test/whole-reply', agent: false }, (r) => {
        res = r;
        r.pause();
        r.on('data', (d: Buffer) => (received += d.length));
        r.on('end', () => resolve(r.complete ? 'complete' : 'cut'));
        r.on('aborted', () => resolve('aborted'));
        r.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve(`request error ${err.code}`));
    });
    // The reply is complete on the server's side (most of it still in the socket's buffer) when the close comes.
    await eventually(async () => res !== undefined && raw?.writableEnded === true && !raw.writableFinished, 15_000, 'the reply ended, not yet written out');
    const closed = t.app.close();
    // New connections are refused once the listener is closed, while the reply is still on its way.
    await eventually(async () => !t!.app.server.listening, 15_000, 'the listener closed');
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    res.resume();
    expect(await whole).toBe('complete');
    expect(received).toBe(BIG);
    await closed;
  });

  it('closes a keep-alive connection that was busy at the close once its reply is given, not at its keep-alive timeout', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    t = await startTestApp({
      listen: true,
      routes: (app) =>
        app.get('/test/held', { config: { access: 'public' } }, async () => {
          arrived();
          await held;
          return { ok: true };
        }),
    });
    const port = Number(new URL(t.baseUrl).port);
    const agent = new http.Agent({ keepAlive: true });
    const body = new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/test/held', agent }, (r) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (d: string) => (text += d));
        r.on('end', () => resolve(text));
      }).on('error', reject);
    });
    await started;
    const closed = t.app.close();
    release();
    expect(JSON.parse(await body)).toEqual({ ok: true });
    const began = Date.now();
    await closed;
    // Fastify's keep-alive timeout is 72 s: the close must not wait for it.
    expect(Date.now() - began).toBeLessThan(5_000);
    agent.destroy();
  });
});

/** What a new connection to `port` meets. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (r) => {
      r.resume();
      resolve(`answered ${r.statusCode}`);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}
