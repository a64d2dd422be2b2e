/**
 * The studio's chunk uploader (framework-free). It numbers the MediaRecorder chunks, sends each as one binary
 * frame over the ingest WebSocket (common/src/studio.ts), and keeps every chunk until the server has
 * acknowledged it: in memory up to a budget, beyond it in a spill store (IndexedDB in the browser). After a
 * reconnect the server's hello says what it holds, and exactly the rest is sent again.
 *
 * The pure bookkeeping lives in ./chunks and the socket's life (reconnects, stalls, fatal closes) in
 * ./ingest-connection; {@link StudioUploader} decides what goes over it.
 */
import { encodeFrame, type TIngestAck, type TIngestHello } from '@app/common/studio';
import { ChunkBuffer, ChunkLedger, DEFAULT_BACKOFF, resendSelection, StreamHead, type BackoffOptions, type SpillStore } from './chunks';
import { IngestConnection, type IngestFatalError, type IngestSocket, type UploadConnection } from './ingest-connection';

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

const OPEN = 1;

/** Sends one take's chunks reliably (see the module comment). */
export class StudioUploader {
  private readonly ledger: ChunkLedger;
  private readonly buffer: ChunkBuffer;
  private readonly head = new StreamHead();
  private readonly connection: IngestConnection;
  private readonly maxBufferedBytes: number;
  private readonly onChange: UploaderOptions['onChange'];
  private error: IngestFatalError | null = null;
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
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.onChange = options.onChange;
    this.connection = new IngestConnection(
      {
        url: options.url,
        createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as IngestSocket),
        random: options.random ?? Math.random,
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        stallMs: options.stallMs ?? 20_000,
      },
      {
        onConnecting: () => {
          this.queue = [];
          this.queued.clear();
        },
        onMessage: (msg) => this.onMessage(msg),
        onFatal: (error) => this.onFatal(error),
        onChange: () => this.emit(),
        waiting: () => !this.ledger.allAcked,
      },
    );
  }

  /** Opens the ingest socket. */
  start(): void {
    this.connection.start();
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
    this.connection.close();
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
      connection: this.connection.state,
      recordedBytes: this.ledger.recordedBytes,
      ackedBytes: this.ledger.ackedBytes,
      pendingChunks: this.ledger.pendingCount,
      lastSeq: this.ledger.lastSeq,
      error: this.error?.message ?? null,
    };
  }

  private emit(): void {
    this.onChange?.(this.snapshot());
  }

  private onMessage(msg: TIngestHello | TIngestAck): void {
    if (msg.type === 'hello') {
      const { resend, held } = resendSelection(this.ledger.unacked(), msg);
      for (const seq of held) this.acknowledge(seq);
      // Chunks still being stored locally are enqueued by push() once written.
      this.enqueue(resend.filter((seq) => this.buffer.has(seq)));
    } else {
      this.acknowledge(msg.seq);
      for (const seq of this.ledger.unacked()) if (seq < msg.next_seq) this.acknowledge(seq);
    }
    this.emit();
    this.settleDrain();
  }

  private acknowledge(seq: number): void {
    if (this.ledger.ack(seq)) void this.buffer.delete(seq);
  }

  private onFatal(error: IngestFatalError): void {
    this.error = error;
    this.emit();
    for (const w of this.drainWaiters.splice(0)) w.reject(error);
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
      while (this.connection.ready && this.connection.socket && this.queue.length > 0) {
        const socket = this.connection.socket;
        if (socket.bufferedAmount > this.maxBufferedBytes) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        const seq = this.queue.shift() as number;
        this.queued.delete(seq);
        if (!this.ledger.isPending(seq)) continue;
        const bytes = await this.buffer.get(seq);
        if (!bytes || socket !== this.connection.socket || !this.connection.ready || socket.readyState !== OPEN) {
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
