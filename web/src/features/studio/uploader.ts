/**
 * The studio's chunk uploader (framework-free). It numbers the MediaRecorder chunks, sends each as one binary
 * frame over the ingest WebSocket (common/src/studio.ts), and keeps every chunk until the server has
 * acknowledged it: in memory up to a budget, beyond it in a spill store (IndexedDB in the browser). After a
 * reconnect the server's hello says what it holds, and exactly the rest is sent again. Non-fatal closes
 * reconnect with exponential backoff and jitter; the close codes in INGEST_FATAL_CODES stop it for good.
 *
 * The pure bookkeeping lives in ./chunks; {@link StudioUploader} wires them to a socket.
 */
import { encodeFrame, INGEST_CLOSE_REASONS, INGEST_FATAL_CODES, ZIngestServerMessage } from '@app/common/studio';
import { backoffDelay, ChunkBuffer, ChunkLedger, DEFAULT_BACKOFF, resendSelection, StreamHead, type BackoffOptions, type SpillStore } from './chunks';

export type { SpillStore } from './chunks';

/** The socket the uploader needs (the browser's WebSocket fits). */
export interface IngestSocket {
  binaryType: string;
  readonly readyState: number;
  readonly bufferedAmount: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

/** The connection as the studio shows it. */
export type UploadConnection = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

/** What the studio renders about the upload. */
export interface UploadSnapshot {
  connection: UploadConnection;
  recordedBytes: number;
  ackedBytes: number;
  /** Chunks recorded but not yet acknowledged by the server. */
  pendingChunks: number;
  /** The last seq handed out (-1 before the first chunk). */
  lastSeq: number;
  /** Why the uploader stopped for good (a fatal close), else null. */
  error: string | null;
}

export interface UploaderOptions {
  /** The ingest socket's URL (ws:// or wss://, with ?recording=). */
  url: string;
  /** First seq of this take (0 for a new take). */
  firstSeq?: number;
  createSocket?: (url: string) => IngestSocket;
  memoryBudgetBytes?: number;
  spill?: SpillStore | null;
  onChange?: (snapshot: UploadSnapshot) => void;
  random?: () => number;
  backoff?: BackoffOptions;
  /** Bytes queued in the socket above which sending waits (keeps memory in the buffer, not the socket). */
  maxBufferedBytes?: number;
  /**
   * Milliseconds without a hello or an ack, while chunks wait, after which the connection counts as dead and is
   * replaced (a half-open TCP connection — Wi-Fi switched, laptop woke up — may never report a close).
   */
  stallMs?: number;
}

/** A fatal close of the ingest socket: the take cannot go on over this connection. */
export class IngestFatalError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'IngestFatalError';
  }
}

const OPEN = 1;

/** Sends one take's chunks reliably (see the module comment). */
export class StudioUploader {
  private readonly ledger: ChunkLedger;
  private readonly buffer: ChunkBuffer;
  private readonly head = new StreamHead();
  private readonly opts: Required<Omit<UploaderOptions, 'spill' | 'onChange' | 'firstSeq'>> & Pick<UploaderOptions, 'onChange'>;
  private socket: IngestSocket | null = null;
  private connection: UploadConnection = 'connecting';
  private error: IngestFatalError | null = null;
  private attempt = 0;
  /** When the server last showed progress (hello or ack), and the watchdog that checks it. */
  private lastProgress = Date.now();
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private ready = false;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Seqs waiting to be sent on the current connection, in order, without repeats. */
  private queue: number[] = [];
  private readonly queued = new Set<number>();
  private pumping = false;
  /** Buffer writes in flight (a chunk is sent only once it is stored). */
  private writes: Promise<void> = Promise.resolve();
  private drainWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  constructor(options: UploaderOptions) {
    this.ledger = new ChunkLedger(options.firstSeq ?? 0);
    this.buffer = new ChunkBuffer(options.memoryBudgetBytes ?? 64 * 1024 * 1024, options.spill ?? null);
    this.opts = {
      url: options.url,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as IngestSocket),
      memoryBudgetBytes: options.memoryBudgetBytes ?? 64 * 1024 * 1024,
      random: options.random ?? Math.random,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
      stallMs: options.stallMs ?? 20_000,
      onChange: options.onChange,
    };
  }

  /** Opens the ingest socket. */
  start(): void {
    this.connect();
    this.watchdog = setInterval(() => this.checkStall(), Math.max(50, Math.min(5_000, this.opts.stallMs / 4)));
  }

  /**
   * Adds the next recorded piece: numbered, kept until acknowledged, sent when the socket is ready. Returns its
   * seq, or null while the stream's first bytes are held back to go out with the next piece (see StreamHead).
   */
  push(recorded: Uint8Array): number | null {
    const chunk = this.head.take(recorded);
    if (!chunk) return null;
    const seq = this.ledger.add(chunk.byteLength);
    this.writes = this.writes.then(() => this.buffer.put(seq, chunk));
    void this.writes.then(() => {
      if (this.ledger.isPending(seq)) this.enqueue([seq]);
    });
    this.emit();
    return seq;
  }

  /** Sends `seqs` again (finish answered 409 with them); returns the ones no longer held here. */
  resend(seqs: number[]): number[] {
    const lost: number[] = [];
    const again: number[] = [];
    for (const seq of seqs) {
      if (this.buffer.has(seq)) again.push(seq);
      else lost.push(seq);
    }
    this.enqueue(again);
    return lost;
  }

  /** Resolves once every chunk pushed so far is acknowledged; rejects on a fatal close. */
  async drain(): Promise<void> {
    await this.writes;
    if (this.error) throw this.error;
    if (this.ledger.allAcked) return;
    await new Promise<void>((resolve, reject) => this.drainWaiters.push({ resolve, reject }));
  }

  /** Closes the socket for good (after finish, or when the studio is left). */
  close(): void {
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.close(1000, 'done');
    }
    if (this.connection !== 'failed') this.connection = 'closed';
    this.emit();
  }

  /** Drops every held chunk (and the spill store's copy). */
  async discard(): Promise<void> {
    await this.writes.catch(() => undefined);
    await this.buffer.clear();
  }

  /** Whether chunks exist that the server has not acknowledged (the page warns before unload). */
  get hasUnsent(): boolean {
    return !this.ledger.allAcked;
  }

  get lastSeq(): number {
    return this.ledger.lastSeq;
  }

  snapshot(): UploadSnapshot {
    return {
      connection: this.connection,
      recordedBytes: this.ledger.recordedBytes,
      ackedBytes: this.ledger.ackedBytes,
      pendingChunks: this.ledger.pendingCount,
      lastSeq: this.ledger.lastSeq,
      error: this.error?.message ?? null,
    };
  }

  private emit(): void {
    this.opts.onChange?.(this.snapshot());
  }

  private connect(): void {
    if (this.stopped) return;
    this.lastProgress = Date.now();
    this.ready = false;
    this.queue = [];
    this.queued.clear();
    let socket: IngestSocket;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onmessage = (ev) => this.onMessage(socket, ev.data);
    socket.onclose = (ev) => this.onClose(socket, ev.code);
    socket.onerror = () => undefined;
  }

  private onMessage(socket: IngestSocket, data: unknown): void {
    if (socket !== this.socket || typeof data !== 'string') return;
    let parsed;
    try {
      parsed = ZIngestServerMessage.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const msg = parsed.data;
    this.lastProgress = Date.now();
    if (msg.type === 'hello') {
      this.attempt = 0;
      this.connection = 'open';
      const { resend, held } = resendSelection(this.ledger.unacked(), msg);
      for (const seq of held) this.acknowledge(seq);
      this.ready = true;
      // Chunks still being stored locally are enqueued by push() once written.
      this.enqueue(resend.filter((seq) => this.buffer.has(seq)));
    } else {
      this.acknowledge(msg.seq);
      for (const seq of this.ledger.unacked()) if (seq < msg.next_seq) this.acknowledge(seq);
    }
    this.emit();
    this.settleDrain();
  }

  /** A connection that shows no progress while chunks wait is dropped and replaced. */
  private checkStall(): void {
    const socket = this.socket;
    if (!socket || this.stopped || this.ledger.allAcked) {
      this.lastProgress = Date.now();
      return;
    }
    if (Date.now() - this.lastProgress < this.opts.stallMs) return;
    this.socket = null;
    this.ready = false;
    socket.onclose = null;
    socket.onmessage = null;
    socket.onerror = null;
    try {
      socket.close(4000, 'stalled');
    } catch {
      // Already closing.
    }
    this.scheduleReconnect();
  }

  private acknowledge(seq: number): void {
    if (this.ledger.ack(seq)) void this.buffer.delete(seq);
  }

  private onClose(socket: IngestSocket, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.ready = false;
    if (INGEST_FATAL_CODES.has(code)) {
      this.stopped = true;
      if (this.watchdog) clearInterval(this.watchdog);
      this.watchdog = null;
      this.connection = 'failed';
      this.error = new IngestFatalError(code, INGEST_CLOSE_REASONS[code] ?? `Upload refused (${code})`);
      this.emit();
      for (const w of this.drainWaiters.splice(0)) w.reject(this.error);
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.connection = 'reconnecting';
    this.emit();
    const delay = backoffDelay(this.attempt++, this.opts.random, this.opts.backoff);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private enqueue(seqs: number[]): void {
    for (const seq of seqs) {
      if (this.queued.has(seq)) continue;
      this.queued.add(seq);
      this.queue.push(seq);
    }
    void this.pump();
  }

  /** Sends queued chunks in order while the socket is ready, pausing while the socket's own buffer is full. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.ready && this.socket && this.queue.length > 0) {
        const socket = this.socket;
        if (socket.bufferedAmount > this.opts.maxBufferedBytes) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        const seq = this.queue.shift() as number;
        this.queued.delete(seq);
        if (!this.ledger.isPending(seq)) continue;
        const bytes = await this.buffer.get(seq);
        if (!bytes || socket !== this.socket || !this.ready || socket.readyState !== OPEN) {
          // The connection changed while reading: the next hello decides what is sent.
          continue;
        }
        socket.send(encodeFrame(seq, bytes));
      }
    } finally {
      this.pumping = false;
    }
  }

  private settleDrain(): void {
    if (!this.ledger.allAcked || this.drainWaiters.length === 0) return;
    void this.writes.then(() => {
      if (this.ledger.allAcked) for (const w of this.drainWaiters.splice(0)) w.resolve();
    });
  }
}

/** The ingest socket's URL on this page's origin. */
export function ingestUrl(location: { protocol: string; host: string }, path: string, recordingId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}?recording=${encodeURIComponent(recordingId)}`;
}
