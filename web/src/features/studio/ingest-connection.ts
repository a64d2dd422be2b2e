/**
 * The ingest socket's life for one take: open it, reconnect after a non-fatal close with exponential backoff and
 * jitter, replace a connection that stalls, and stop for good on the close codes in INGEST_FATAL_CODES. What is
 * sent over it, and what the server's messages mean for the chunks, is the uploader's business (./uploader).
 */
import { INGEST_CLOSE_REASONS, INGEST_FATAL_CODES, ZIngestServerMessage, type TIngestAck, type TIngestHello } from '@app/common/studio';
import { backoffDelay, type BackoffOptions } from './chunks';

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

export interface ConnectionOptions {
  url: string;
  createSocket: (url: string) => IngestSocket;
  random: () => number;
  backoff: BackoffOptions;
  /** Milliseconds without a server message, while chunks wait, after which the connection counts as dead. */
  stallMs: number;
}

/** What the connection tells its owner. */
export interface ConnectionHooks {
  /** A new socket is about to open: nothing queued for the old one is sent on it. */
  onConnecting(): void;
  /** A valid server message arrived on the current socket (after a hello, `ready` is true). */
  onMessage(msg: TIngestHello | TIngestAck): void;
  /** The socket closed with a fatal code; the connection is stopped. */
  onFatal(error: IngestFatalError): void;
  /** `state` changed in a way the studio shows. */
  onChange(): void;
  /** Whether chunks wait for an acknowledgement (only then can a connection stall). */
  waiting(): boolean;
}

/** The ingest socket, kept open (see the module comment). */
export class IngestConnection {
  private current: IngestSocket | null = null;
  private status: UploadConnection = 'connecting';
  private attempt = 0;
  /** When the server last showed progress (hello or ack), and the watchdog that checks it. */
  private lastProgress = Date.now();
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private helloSeen = false;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly opts: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {}

  /** The socket in use, or null between connections. */
  get socket(): IngestSocket | null {
    return this.current;
  }

  /** Whether the current socket's hello arrived (chunks may be sent). */
  get ready(): boolean {
    return this.helloSeen;
  }

  get state(): UploadConnection {
    return this.status;
  }

  /** Opens the socket and starts the stall watchdog. */
  start(): void {
    this.connect();
    this.watchdog = setInterval(() => this.checkStall(), Math.max(50, Math.min(5_000, this.opts.stallMs / 4)));
  }

  /** Closes the socket for good. */
  close(): void {
    this.stopped = true;
    this.stopWatchdog();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const s = this.current;
    this.current = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.close(1000, 'done');
    }
    if (this.status !== 'failed') this.status = 'closed';
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  private connect(): void {
    if (this.stopped) return;
    this.lastProgress = Date.now();
    this.helloSeen = false;
    this.hooks.onConnecting();
    let socket: IngestSocket;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.current = socket;
    socket.onmessage = (ev) => this.onMessage(socket, ev.data);
    socket.onclose = (ev) => this.onClose(socket, ev.code);
    socket.onerror = () => undefined;
  }

  private onMessage(socket: IngestSocket, data: unknown): void {
    if (socket !== this.current || typeof data !== 'string') return;
    let parsed;
    try {
      parsed = ZIngestServerMessage.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    this.lastProgress = Date.now();
    if (parsed.data.type === 'hello') {
      this.attempt = 0;
      this.status = 'open';
      this.helloSeen = true;
    }
    this.hooks.onMessage(parsed.data);
  }

  /** A connection that shows no progress while chunks wait is dropped and replaced. */
  private checkStall(): void {
    const socket = this.current;
    if (!socket || this.stopped || !this.hooks.waiting()) {
      this.lastProgress = Date.now();
      return;
    }
    if (Date.now() - this.lastProgress < this.opts.stallMs) return;
    this.current = null;
    this.helloSeen = false;
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

  private onClose(socket: IngestSocket, code: number): void {
    if (socket !== this.current) return;
    this.current = null;
    this.helloSeen = false;
    if (INGEST_FATAL_CODES.has(code)) {
      this.stopped = true;
      this.stopWatchdog();
      this.status = 'failed';
      this.hooks.onFatal(new IngestFatalError(code, INGEST_CLOSE_REASONS[code] ?? `Upload refused (${code})`));
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.status = 'reconnecting';
    this.hooks.onChange();
    const delay = backoffDelay(this.attempt++, this.opts.random, this.opts.backoff);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }
}

/** The ingest socket's URL on this page's origin. */
export function ingestUrl(location: { protocol: string; host: string }, path: string, recordingId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}?recording=${encodeURIComponent(recordingId)}`;
}
