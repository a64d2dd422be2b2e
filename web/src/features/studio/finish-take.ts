import { finishTake } from './api';
import type { StudioUploader } from './uploader';

/** How many times finish is retried after resending the chunks a 409 named. */
const FINISH_ATTEMPTS = 4;

/** Sends finish until accepted, resending what a 409 names (when this page still holds them); throws when it cannot. */
export async function finishWithResends(recordingId: string, finalSeq: number, uploader: StudioUploader | null, durationSeconds?: number): Promise<void> {
  for (let attempt = 0; attempt < FINISH_ATTEMPTS; attempt++) {
    const outcome = await finishTake(recordingId, finalSeq, durationSeconds);
    if (outcome.accepted) return;
    if (!uploader) throw new Error(`The server is missing chunks ${outcome.missing.join(', ')}`);
    const lost = uploader.resend(outcome.missing);
    if (lost.length > 0) throw new Error(`The server is missing chunks ${lost.join(', ')} that this browser no longer holds`);
    await uploader.drain();
  }
  throw new Error('The server kept reporting missing chunks');
}
