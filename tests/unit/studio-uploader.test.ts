import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '@app/common/studio';
import { formatBytes, formatClock, pickMimeType, recorderOptions } from '../../web/src/features/studio/media';
import { sniffContainer } from '@app/common/media-container';
import { backoffDelay, ChunkBuffer, ChunkLedger, resendSelection, StreamHead, type SpillStore } from '../../web/src/features/studio/chunks';
import { ingestUrl } from '../../web/src/features/studio/ingest-connection';

/** A spill store over a Map (stands in for the browser's IndexedDB, which Node has not). */
function mapSpill(opts: { failPuts?: boolean } = {}): SpillStore & { data: Map<number, Uint8Array> } {
  const data = new Map<number, Uint8Array>();
  return {
    data,
    async put(seq, bytes) {
      if (opts.failPuts) throw new Error('QuotaExceededError');
      data.set(seq, bytes);
    },
    async get(seq) {
      return data.get(seq);
    },
    async delete(seq) {
      data.delete(seq);
    },
    async clear() {
      data.clear();
    },
  };
}

describe('ChunkLedger', () => {
  it('numbers chunks from the first seq and counts recorded and acknowledged bytes', () => {
    const ledger = new ChunkLedger();
    expect(ledger.lastSeq).toBe(-1);
    expect([ledger.add(100), ledger.add(200), ledger.add(300)]).toEqual([0, 1, 2]);
    expect(ledger.recordedBytes).toBe(600);
    expect(ledger.ackedBytes).toBe(0);
    expect(ledger.unacked()).toEqual([0, 1, 2]);
    expect(ledger.ack(1)).toBe(true);
    expect(ledger.ackedBytes).toBe(200);
    expect(ledger.unacked()).toEqual([0, 2]);
    expect(ledger.lastSeq).toBe(2);
    expect(ledger.allAcked).toBe(false);
  });

  it('ignores a repeated or unknown ack (a duplicate never counts its bytes twice)', () => {
    const ledger = new ChunkLedger();
    ledger.add(10);
    expect(ledger.ack(0)).toBe(true);
    expect(ledger.ack(0)).toBe(false);
    expect(ledger.ack(7)).toBe(false);
    expect(ledger.ackedBytes).toBe(10);
    expect(ledger.allAcked).toBe(true);
  });

  it('acknowledges everything below the server next_seq at once', () => {
    const ledger = new ChunkLedger();
    for (let i = 0; i < 5; i++) ledger.add(1);
    expect(ledger.ackBelow(3)).toEqual([0, 1, 2]);
    expect(ledger.unacked()).toEqual([3, 4]);
    expect(ledger.ackedBytes).toBe(3);
  });

  it('starts numbering at a resumed take next seq', () => {
    const ledger = new ChunkLedger(42);
    expect(ledger.add(5)).toBe(42);
    expect(ledger.nextSeq).toBe(43);
  });
});

describe('resendSelection', () => {
  it('resends every held chunk from next_seq on, skipping the ones the server holds out of order', () => {
    expect(resendSelection([7, 3, 4, 5, 6, 8], { next_seq: 4, held_after: [6, 8] })).toEqual({ resend: [4, 5, 7], held: [3, 6, 8] });
  });
  it('resends everything to a server that holds nothing', () => {
    expect(resendSelection([0, 1, 2], { next_seq: 0, held_after: [] })).toEqual({ resend: [0, 1, 2], held: [] });
  });
  it('resends nothing when the server already holds it all (acks lost with the connection)', () => {
    expect(resendSelection([2, 3], { next_seq: 4, held_after: [] })).toEqual({ resend: [], held: [2, 3] });
  });
});

describe('backoffDelay', () => {
  it('doubles from the base, with half of each step random, capped at the maximum', () => {
    const opts = { baseMs: 500, maxMs: 15_000 };
    expect(backoffDelay(0, () => 0, opts)).toBe(250);
    expect(backoffDelay(0, () => 1, opts)).toBe(500);
    expect(backoffDelay(1, () => 0, opts)).toBe(500);
    expect(backoffDelay(3, () => 1, opts)).toBe(4000);
    expect(backoffDelay(30, () => 1, opts)).toBe(15_000);
    expect(backoffDelay(30, () => 0, opts)).toBe(7500);
  });
  it('spreads retries of the same attempt (jitter)', () => {
    const values = new Set([0, 0.25, 0.5, 0.75].map((r) => backoffDelay(2, () => r)));
    expect(values.size).toBe(4);
  });
});

describe('ChunkBuffer', () => {
  it('keeps chunks in memory within the budget and spills the newer ones beyond it', async () => {
    const spill = mapSpill();
    const buffer = new ChunkBuffer(250, spill);
    await buffer.put(0, new Uint8Array(100).fill(1));
    await buffer.put(1, new Uint8Array(100).fill(2));
    await buffer.put(2, new Uint8Array(100).fill(3));
    expect(buffer.memoryBytes).toBe(200);
    expect([...spill.data.keys()]).toEqual([2]);
    expect((await buffer.get(2))?.[0]).toBe(3);
    expect(buffer.has(2)).toBe(true);

    await buffer.delete(0);
    await buffer.delete(2);
    expect(buffer.memoryBytes).toBe(100);
    expect(spill.data.size).toBe(0);
    expect(buffer.has(2)).toBe(false);
    expect(await buffer.get(2)).toBeUndefined();

    // Room again: the next chunk stays in memory.
    await buffer.put(3, new Uint8Array(100));
    expect(buffer.spilledCount).toBe(0);
    expect(buffer.memoryBytes).toBe(200);
  });

  it('keeps a chunk in memory when the spill store refuses it (nothing is lost)', async () => {
    const buffer = new ChunkBuffer(10, mapSpill({ failPuts: true }));
    await buffer.put(0, new Uint8Array(50).fill(9));
    expect(buffer.memoryBytes).toBe(50);
    expect((await buffer.get(0))?.[0]).toBe(9);
  });

  it('keeps everything in memory without a spill store', async () => {
    const buffer = new ChunkBuffer(10, null);
    await buffer.put(0, new Uint8Array(50));
    expect(buffer.memoryBytes).toBe(50);
    await buffer.clear();
    expect(buffer.memoryBytes).toBe(0);
    expect(buffer.has(0)).toBe(false);
  });
});

describe('frames and URLs', () => {
  it('a frame carries the seq big-endian ahead of the chunk bytes', () => {
    const frame = encodeFrame(0x01020304, new Uint8Array([9, 8]));
    expect([...frame]).toEqual([1, 2, 3, 4, 9, 8]);
    expect(decodeFrame(frame)).toEqual({ seq: 0x01020304, chunk: new Uint8Array([9, 8]) });
  });
  it('builds the ingest URL on the page origin with the matching scheme', () => {
    expect(ingestUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, '/api/studio/ingest', 'ab-c')).toBe('ws://127.0.0.1:3000/api/studio/ingest?recording=ab-c');
    expect(ingestUrl({ protocol: 'https:', host: 'example.org' }, '/api/studio/ingest', 'x')).toBe('wss://example.org/api/studio/ingest?recording=x');
  });
});

describe('studio media settings', () => {
  it('records VP9, falls back to VP8, then to plain WebM, else nothing', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((t) => !t.includes('vp9'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType((t) => t === 'video/webm')).toBe('video/webm');
    expect(pickMimeType(() => false)).toBeNull();
  });
  it('uses the spec bit rates', () => {
    expect(recorderOptions('video/webm')).toEqual({ mimeType: 'video/webm', videoBitsPerSecond: 2_500_000, audioBitsPerSecond: 128_000 });
  });
  it('formats the timer and byte counts', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
  });
});

describe('StreamHead', () => {
  it('holds a first piece shorter than the container magic and sends it with the next, then passes pieces through', () => {
    const head = new StreamHead();
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42]);
    expect(head.take(webm.subarray(0, 1))).toBeNull();
    const first = head.take(webm.subarray(1));
    expect(first).toEqual(webm);
    expect(sniffContainer(first!)).toBe('webm');
    const later = Uint8Array.from([1, 2]);
    expect(head.take(later)).toBe(later);
  });

  it('sends a first piece that is long enough as it is', () => {
    const piece = new Uint8Array(4096);
    expect(new StreamHead().take(piece)).toBe(piece);
  });
});
