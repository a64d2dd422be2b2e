import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { reportIngestOnScrape, studioIngestBytes, studioIngestSockets } from '@app/common/server/metrics';
import { repoRoot } from '@app/common/server/repo-root';
import type { FromIngestProcess, IngestProcessConfig, IngestSocketMessage } from './ingest-ipc';

/**
 * Node's flags for the ingest process. Its live heap is small (~16 MB), and V8 sets the point at which it starts a
 * full collection from that; each chunk brings ~0.7 MB of socket reads and frame buffers outside the heap, and with
 * the default that point came every few hundred milliseconds at 100 speakers (42–49 full collections started by the
 * allocation limit in a 15 s step, --trace-incremental-marking). A 64 MB initial old space: 9–10, and the process's
 * CPU per chunk fell from 3.10–3.39 to 2.03–2.42 ms in alternating bench runs (docs/benchmarks.md); its peak RSS
 * rose from ~110 to ~135 MB.
 */
const INGEST_NODE_FLAGS = ['--initial-old-space-size=64'];

/**
 * The ingest process's entry beside this code: the bundle's sibling in production (api/dist/ingest.js, built
 * by scripts/build.mjs), the TypeScript source through tsx in development and tests.
 */
function ingestEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  // An API run with --cpu-prof profiles its ingest process too (Node refuses the flag in NODE_OPTIONS).
  const flags = [...INGEST_NODE_FLAGS, ...process.execArgv.filter((a) => a.startsWith('--cpu-prof'))];
  if (here.endsWith('.ts')) return { file: path.join(path.dirname(here), 'ingest-process.ts'), execArgv: ['--import', 'tsx', ...flags] };
  return { file: path.join(path.dirname(here), 'ingest.js'), execArgv: flags };
}

type Stats = Extract<FromIngestProcess, { type: 'stats' }>;

/**
 * Takes an upgraded socket off its HTTP server's count of connections, as Node does for a socket it sends to a
 * child, but at once and without Node's tracking of it in the child: with that tracking, once the child has
 * exited, the server's close() never completes (net.Server keeps waiting on its list of children), and a socket
 * still counted when close() began would hold it until the socket closes here, which after the hand-off it
 * never does. The ingest process owns the socket from here on; the API's shutdown drains that process instead.
 */
export function leaveServer(socket: Socket): void {
  const s = socket as Socket & { server?: { _connections: number; _emitCloseIfDrained?: () => void } | null };
  const server = s.server;
  if (!server) return;
  s.server = null;
  server._connections--;
  // A close() that began while this socket still counted completes now.
  server._emitCloseIfDrained?.();
}

/**
 * Runs the studio's ingest process (ingest-process.ts) for one API: started at the first ingest socket,
 * started again at the next one if it dies (its speakers reconnect and resume), drained when the API closes.
 * Its figures are added to this process's metrics, and its chunks count as the API's activity.
 */
export class IngestHost {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private last: Omit<Stats, 'type'> = { sockets: 0, bytes: 0, chunks: 0 };
  private closed = false;
  private readonly unregister: () => void;
  /** Reports asked of the ingest process and not answered yet, by id. */
  private readonly reports = new Map<number, () => void>();
  private nextReport = 0;

  constructor(
    private readonly opts: { config: IngestProcessConfig; log: FastifyBaseLogger; onActivity: () => void; drainTimeoutMs: number },
  ) {
    this.unregister = reportIngestOnScrape(() => this.report());
  }

  /** Hands an authorised upgrade's socket (and the bytes read past its headers) to the ingest process. */
  async handOff(socket: Socket, head: Buffer, msg: Omit<IngestSocketMessage, 'type' | 'head'>): Promise<void> {
    const child = await this.running();
    if (socket.destroyed) return;
    // Whatever this process has read past the head goes along; then it stops reading, so that every later
    // byte is read by the ingest process alone.
    const extra = socket.readableLength > 0 ? (socket.read(socket.readableLength) as Buffer | null) : null;
    (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
    const all = extra ? Buffer.concat([head, extra]) : head;
    await new Promise<void>((resolve, reject) =>
      child.send({ type: 'socket', ...msg, head: all.toString('base64') } satisfies IngestSocketMessage, socket, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** Drains the ingest process (its sockets close with 1012 after their received chunks are stored). */
  async close(): Promise<void> {
    this.closed = true;
    this.unregister();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.send({ type: 'drain' });
    const timer = setTimeout(() => child.kill('SIGKILL'), this.opts.drainTimeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** Asks the ingest process for its figures (a scrape must see every chunk acked before it); at most a second. */
  private report(): Promise<void> {
    const child = this.child;
    if (!child?.connected) return Promise.resolve();
    const id = this.nextReport++;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.reports.delete(id);
        resolve();
      };
      const timer = setTimeout(done, 1_000);
      this.reports.set(id, done);
      child.send({ type: 'report', id });
    });
  }

  private running(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new Error('the API is shutting down'));
    this.ready ??= this.spawn();
    return this.ready;
  }

  private spawn(): Promise<ChildProcess> {
    const { file, execArgv } = ingestEntry();
    const child = fork(file, [], {
      execArgv,
      cwd: repoRoot,
      env: { ...process.env, INGEST_CONFIG: JSON.stringify(this.opts.config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.last = { sockets: 0, bytes: 0, chunks: 0 };
    return new Promise((resolve, reject) => {
      child.on('message', (m: FromIngestProcess) => {
        if (m.type === 'ready') resolve(child);
        else if (m.type === 'stats' && this.child === child) {
          this.count(m);
          if (m.report !== undefined) this.reports.get(m.report)?.();
        }
      });
      child.once('error', reject);
      // Its channel closes first, then it exits: either way its sockets are gone, and the next one starts anew.
      let lost = false;
      const gone = () => {
        if (this.child !== child) return;
        lost = !this.closed;
        studioIngestSockets.dec(this.last.sockets);
        for (const done of [...this.reports.values()]) done();
        this.child = undefined;
        this.ready = undefined;
      };
      child.once('disconnect', gone);
      child.once('exit', (code, signal) => {
        reject(new Error(`the studio ingest process exited (${signal ?? code}) before it was ready`));
        gone();
        if (lost) this.opts.log.error({ code, signal }, 'the studio ingest process exited; the next ingest socket starts a new one');
      });
    });
  }

  private count(m: Stats): void {
    studioIngestSockets.inc(m.sockets - this.last.sockets);
    studioIngestBytes.inc(m.bytes - this.last.bytes);
    if (m.chunks !== this.last.chunks) this.opts.onActivity();
    this.last = { sockets: m.sockets, bytes: m.bytes, chunks: m.chunks };
  }
}
