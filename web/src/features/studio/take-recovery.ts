/**
 * Recovery of a take whose page died (crash, closed tab, reboot) with chunks the server had not
 * acknowledged: they are still in IndexedDB (idb-spill.ts). Uploading them is a one-shot pass over the
 * ingest socket: read the hello, send what the server lacks, wait for every ack.
 */
import { encodeFrame, INGEST_CLOSE_REASONS, ZIngestServerMessage } from '@app/common/studio';
import { resendSelection } from './chunks';
import { indexedDbSpill, savedSeqs } from './idb-spill';

export { savedSeqs };

/** How long the whole upload may go without a hello or an ack before it gives up. */
const STALL_MS = 30_000;

/**
 * Sends the chunks this browser saved of `recordingId` that the server does not hold, and resolves with
 * the highest seq saved here (-1 when none) once the server has acknowledged them all.
 */
export function uploadSavedChunks(url: string, recordingId: string, onProgress?: (sent: number, total: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const spill = indexedDbSpill(recordingId);
    void savedSeqs(recordingId).then((seqs) => {
      if (!spill || seqs.length === 0) return resolve(-1);
      const last = seqs[seqs.length - 1]!;
      const ws = new WebSocket(url);
      ws.binaryType = 'arraybuffer';
      const waiting = new Set<number>();
      let total = 0;
      let timer = window.setTimeout(() => ws.close(), STALL_MS);
      const progress = () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => ws.close(), STALL_MS);
        onProgress?.(total - waiting.size, total);
        if (waiting.size === 0) {
          window.clearTimeout(timer);
          ws.onclose = null;
          ws.close();
          resolve(last);
        }
      };
      ws.onmessage = (ev: MessageEvent) => {
        const m = ZIngestServerMessage.parse(JSON.parse(String(ev.data)));
        if (m.type === 'ack') {
          waiting.delete(m.seq);
          return progress();
        }
        const { resend } = resendSelection(seqs, m);
        total = resend.length;
        for (const s of resend) waiting.add(s);
        void (async () => {
          for (const seq of resend) {
            const bytes = await spill.get(seq);
            if (!bytes) return ws.close();
            ws.send(encodeFrame(seq, bytes));
          }
        })();
        progress();
      };
      ws.onclose = (ev: CloseEvent) => {
        window.clearTimeout(timer);
        reject(new Error(INGEST_CLOSE_REASONS[ev.code] ?? 'The connection closed before every saved chunk was uploaded'));
      };
    }, reject);
  });
}

/** Forgets the chunks saved of a take (after the server accepted its finish). */
export async function forgetSavedChunks(recordingId: string): Promise<void> {
  await indexedDbSpill(recordingId)?.clear().catch(() => undefined);
}
