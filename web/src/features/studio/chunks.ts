/**
 * The uploader's pure bookkeeping, kept apart from the socket so unit tests can drive it: which chunks
 * exist and which the server acknowledged ({@link ChunkLedger}), what to send again after a hello
 * ({@link resendSelection}), how long to wait before reconnecting ({@link backoffDelay}), and where
 * unacknowledged chunks wait ({@link ChunkBuffer}: memory up to a budget, then a spill store).
 */
import type { TIngestHello } from '@app/common/studio';

/** Seq and byte bookkeeping of one take: which chunks exist, which the server acknowledged. */
export class ChunkLedger {
  /** Bytes of each chunk not yet acknowledged, by seq. */
  private readonly pending = new Map<number, number>();
  private next: number;
  private recorded = 0;
  private acked = 0;

  /** `firstSeq`: where numbering starts (0 for a new take). */
  constructor(firstSeq = 0) {
    this.next = firstSeq;
  }

  /** Registers a new chunk of `bytes` and returns its seq. */
  add(bytes: number): number {
    const seq = this.next++;
    this.pending.set(seq, bytes);
    this.recorded += bytes;
    return seq;
  }

  /** Marks `seq` acknowledged; true when it was pending (a repeated ack changes nothing). */
  ack(seq: number): boolean {
    const bytes = this.pending.get(seq);
    if (bytes === undefined) return false;
    this.pending.delete(seq);
    this.acked += bytes;
    return true;
  }

  /** Marks every pending seq below `nextSeq` acknowledged (the server holds 0..nextSeq-1); returns those seqs. */
  ackBelow(nextSeq: number): number[] {
    const done = this.unacked().filter((s) => s < nextSeq);
    for (const s of done) this.ack(s);
    return done;
  }

  /** Pending seqs, ascending. */
  unacked(): number[] {
    return [...this.pending.keys()].sort((a, b) => a - b);
  }

  isPending(seq: number): boolean {
    return this.pending.has(seq);
  }

  /** The seq the next chunk gets. */
  get nextSeq(): number {
    return this.next;
  }

  /** The last seq handed out (-1 before the first chunk). */
  get lastSeq(): number {
    return this.next - 1;
  }

  get recordedBytes(): number {
    return this.recorded;
  }

  get ackedBytes(): number {
    return this.acked;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get allAcked(): boolean {
    return this.pending.size === 0;
  }
}

/**
 * What a hello means for the chunks the client still holds (`unacked`): the server has everything below
 * `next_seq` and the seqs in `held_after`, so those count as acknowledged; every other one is sent again,
 * in ascending order.
 */
export function resendSelection(unacked: Iterable<number>, hello: Pick<TIngestHello, 'next_seq' | 'held_after'>): { resend: number[]; held: number[] } {
  const heldAfter = new Set(hello.held_after);
  const resend: number[] = [];
  const held: number[] = [];
  for (const seq of [...unacked].sort((a, b) => a - b)) {
    if (seq < hello.next_seq || heldAfter.has(seq)) held.push(seq);
    else resend.push(seq);
  }
  return { resend, held };
}

/** Bytes the server reads to tell a stream's container: WebM's 4-byte EBML magic, MP4's `ftyp` at bytes 4-7. */
const CONTAINER_HEAD_BYTES = 8;

/**
 * Holds back the start of a recorded stream until it is `minBytes` long, so the first chunk sent carries the
 * whole container magic the server checks seq 0 for. MediaRecorder draws blob boundaries where it likes: on a
 * busy machine Chromium has handed over a first blob of one byte (0x1a, the first of the four EBML bytes), and
 * the take was refused as "not WebM or MP4". A stream that never reaches `minBytes` is not playable anyway.
 */
export class StreamHead {
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private started = false;

  constructor(private readonly minBytes = CONTAINER_HEAD_BYTES) {}

  /** The chunk to send for the recorded `bytes`: null while the stream's start is still held back. */
  take(bytes: Uint8Array): Uint8Array | null {
    if (this.started) return bytes;
    this.held.push(bytes);
    this.heldBytes += bytes.byteLength;
    if (this.heldBytes < this.minBytes) return null;
    this.started = true;
    const pieces = this.held;
    this.held = [];
    if (pieces.length === 1) return bytes;
    const head = new Uint8Array(this.heldBytes);
    let at = 0;
    for (const piece of pieces) {
      head.set(piece, at);
      at += piece.byteLength;
    }
    return head;
  }
}

/** Backoff settings: the first retry waits about `baseMs`, doubling up to `maxMs`. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000 };

/**
 * The wait before reconnect attempt `attempt` (0 = first retry): exponential, capped, with "equal jitter" —
 * half the step is fixed, the other half random — so many studios dropped at once do not reconnect in step,
 * and no retry comes sooner than half its step.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, opts: BackoffOptions = DEFAULT_BACKOFF): number {
  const step = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Where chunks beyond the memory budget wait (IndexedDB in the browser). */
export interface SpillStore {
  put(seq: number, bytes: Uint8Array): Promise<void>;
  get(seq: number): Promise<Uint8Array | undefined>;
  delete(seq: number): Promise<void>;
  /** Removes every chunk of this take. */
  clear(): Promise<void>;
}

/**
 * Holds unacknowledged chunks: in memory while they fit in `memoryBudgetBytes`, otherwise in the spill store.
 * The oldest chunks (sent first) stay in memory; newer ones spill. Without a spill store, or when the store
 * refuses (quota, private mode), the chunk stays in memory: over budget beats losing the recording.
 */
export class ChunkBuffer {
  private readonly memory = new Map<number, Uint8Array>();
  private readonly spilled = new Set<number>();
  private memoryUsed = 0;

  constructor(
    private readonly memoryBudgetBytes: number,
    private readonly spill: SpillStore | null,
  ) {}

  async put(seq: number, bytes: Uint8Array): Promise<void> {
    if (this.spill && this.memoryUsed + bytes.byteLength > this.memoryBudgetBytes) {
      // Marked before the write, so a get() while it is in flight waits for the store instead of missing it.
      this.spilled.add(seq);
      try {
        await this.spill.put(seq, bytes);
        return;
      } catch {
        this.spilled.delete(seq);
      }
    }
    this.memory.set(seq, bytes);
    this.memoryUsed += bytes.byteLength;
  }

  async get(seq: number): Promise<Uint8Array | undefined> {
    const inMemory = this.memory.get(seq);
    if (inMemory) return inMemory;
    if (this.spilled.has(seq) && this.spill) return this.spill.get(seq);
    return undefined;
  }

  async delete(seq: number): Promise<void> {
    const inMemory = this.memory.get(seq);
    if (inMemory) {
      this.memory.delete(seq);
      this.memoryUsed -= inMemory.byteLength;
      return;
    }
    if (this.spilled.delete(seq) && this.spill) await this.spill.delete(seq).catch(() => undefined);
  }

  has(seq: number): boolean {
    return this.memory.has(seq) || this.spilled.has(seq);
  }

  get memoryBytes(): number {
    return this.memoryUsed;
  }

  get spilledCount(): number {
    return this.spilled.size;
  }

  async clear(): Promise<void> {
    this.memory.clear();
    this.memoryUsed = 0;
    this.spilled.clear();
    await this.spill?.clear().catch(() => undefined);
  }
}
