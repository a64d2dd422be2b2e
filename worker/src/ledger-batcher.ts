import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ApplyResult } from '@app/common/server/payments.repository';
import { applyInboxBatch } from '@app/common/server/ledger-batch.repository';

interface Waiting {
  eventId: string;
  log: Logger;
  /** The event's own transaction (ledger.record's per-event path). */
  alone: () => Promise<ApplyResult | null>;
  resolve: (r: ApplyResult | null | Promise<ApplyResult | null>) => void;
  reject: (err: unknown) => void;
}

/**
 * Coalesces the ledger.record jobs one worker process runs at once (issue 17). Each job still is one BullMQ
 * job per event and waits here for its own event's outcome; at most one batch runs at a time, and the events
 * that arrive meanwhile form the next one (up to `maxBatch`). A batch of one is the per-event transaction
 * itself; a larger one is one transaction (applyInboxBatch) and each job's promise settles after its commit.
 * An event the batch did not lock, and every event of a batch that failed for any reason, is applied in its
 * own transaction exactly as before, so a bad event fails only its own job.
 */
export class LedgerBatcher {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Knex,
    private readonly maxBatch: number,
  ) {}

  /** The outcome of `eventId` (null: nothing applied, e.g. already processed); `alone` is its per-event transaction. */
  apply(eventId: string, log: Logger, alone: () => Promise<ApplyResult | null>): Promise<ApplyResult | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ eventId, log, alone, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const batch = this.waiting.splice(0, this.maxBatch);
    void this.run(batch).finally(() => {
      this.running = false;
      this.next();
    });
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const only = batch[0]!;
      await only.alone().then(only.resolve, only.reject);
      return;
    }
    let results: Map<string, ApplyResult | null>;
    try {
      results = await this.db.transaction((trx) => applyInboxBatch(trx, batch.map((w) => w.eventId)));
    } catch (err) {
      batch[0]!.log.warn({ size: batch.length, err: (err as Error).message }, 'ledger batch failed: applying its events one by one');
      results = new Map();
    }
    // Committed (or rolled back): each job goes on from here; the ones the batch did not decide run alone.
    for (const w of batch) {
      if (results.has(w.eventId)) w.resolve(results.get(w.eventId)!);
      else w.resolve(w.alone());
    }
  }
}
