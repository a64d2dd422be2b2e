/** The studio bench's load: N speakers' sockets, each sending one chunk per second, open loop, with its CPU cost. */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { encodeFrame } from '@app/common/studio';
import { cpuSince, cpuSnapshot } from './cpu';
import { quantile } from './harness';
import type { Conn } from './studio-speakers';

/** A take's first chunk opens a WebM stream (the ingest socket checks seq 0 for the EBML magic). */
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** What one round of streaming measured. */
export interface LoadRound {
  sent: number;
  acked: number;
  duplicates: number;
  /** Sockets closed under the speakers. */
  unexpected: number;
  p50: number;
  p99: number;
  /** CPU of the server's processes per second of the round (%), and per acked chunk (ms). */
  cpuPct: number;
  msPerChunk: number;
  /** CPU of the bench process itself (all speakers' framing and masking), % of one core. */
  benchCpuPct: number;
}

/**
 * Every connection sends `seconds` chunks of `chunkBytes`, chunk k at start + offset_i + k s (offsets spread
 * over the first second, as real speakers are not in phase); open loop: a slow ack never delays the next chunk.
 * Waits up to 30 s for the last acks, then closes the sockets. `serverPids` are the processes whose CPU is counted.
 */
export async function streamChunks(conns: Conn[], seconds: number, chunkBytes: number, serverPids: () => number[]): Promise<LoadRound> {
  const n = conns.length;
  const payloads = conns.map(() => randomBytes(chunkBytes));
  const firsts = payloads.map((p) => Buffer.concat([WEBM_MAGIC, p.subarray(WEBM_MAGIC.length)]));
  const latencies: number[] = [];
  let acked = 0;
  let duplicates = 0;
  let sent = 0;
  const sentAt = conns.map(() => new Map<number, number>());
  conns.forEach((c, i) => {
    c.onAck = (a) => {
      const t0 = sentAt[i]!.get(a.seq);
      if (a.duplicate) duplicates++;
      if (t0 === undefined) return;
      latencies.push(performance.now() - t0);
      sentAt[i]!.delete(a.seq);
      acked++;
    };
  });
  const cpu0 = cpuSnapshot(serverPids());
  const self0 = process.cpuUsage();
  const start = performance.now() + 200;
  await Promise.all(
    conns.map(async (c, i) => {
      const offset = (i / n) * 1000;
      for (let seq = 0; seq < seconds; seq++) {
        const wait = start + offset + seq * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        if (c.ws.readyState !== WebSocket.OPEN) return;
        sentAt[i]!.set(seq, performance.now());
        sent++;
        c.ws.send(encodeFrame(seq, seq === 0 ? firsts[i]! : payloads[i]!));
      }
    }),
  );
  const deadline = Date.now() + 30_000;
  while (acked < sent && Date.now() < deadline) await sleep(50);
  const cpuMs = cpuSince(cpu0, serverPids());
  const self = process.cpuUsage(self0);
  const elapsedS = (performance.now() - start) / 1000;
  for (const c of conns) {
    c.closing = true;
    c.ws.close();
  }
  const unexpected = conns.filter((c) => c.closedUnexpectedly).length;
  return {
    sent,
    acked,
    duplicates,
    unexpected,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpuPct: (cpuMs / 1000 / elapsedS) * 100,
    msPerChunk: cpuMs / Math.max(1, acked),
    benchCpuPct: ((self.user + self.system) / 1000 / 1000 / elapsedS) * 100,
  };
}
