import type { Knex } from 'knex';
import type { NoteSigner } from '@app/common/domain/signed-note';
import { signCheckpoint, type StoredCheckpoint } from '@app/common/server/ledger/tlog-checkpoints';
import type { Handler } from '../context';

/**
 * Signs checkpoints for one worker process: at most one signing runs at a time, and at most one starts per
 * MIN_INTERVAL_MS; the requests made meanwhile share the next one. A steady stream of lone events (a commit every few
 * milliseconds) would otherwise sign, store and read back a checkpoint per event: three round trips, a root and a
 * signature each, as much work again as the event's own transaction, for checkpoints a fraction of a second apart.
 */
class CheckpointSigner {
  private running: Promise<StoredCheckpoint | null> | null = null;
  private queued: Promise<StoredCheckpoint | null> | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Knex,
    private readonly signer: NoteSigner,
  ) {}

  /** A checkpoint that covers every row committed before this call. */
  request(): Promise<StoredCheckpoint | null> {
    if (this.queued) return this.queued;
    const start = () => {
      this.queued = null;
      this.lastStart = performance.now();
      const run = signCheckpoint(this.db, this.signer).finally(() => {
        if (this.running === run) this.running = null;
      });
      this.running = run;
      return run;
    };
    const spacing = () => this.lastStart + MIN_INTERVAL_MS - performance.now();
    if (!this.running && spacing() <= 0) return start();
    this.queued = (this.running ?? Promise.resolve(null))
      .catch(() => null)
      .then(() => {
        const wait = spacing();
        // Unref'd: a shutdown does not wait for it (the minute schedule signs what it would have).
        return wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait).unref()) : undefined;
      })
      .then(start);
    return this.queued;
  }
}

/** The shortest time between two signings' starts in one process (a checkpoint is this much behind a commit at most, plus its signing). */
const MIN_INTERVAL_MS = 250;

const signers = new WeakMap<Knex, CheckpointSigner>();

/** Signs a checkpoint after a committed ledger write (coalesced per process). */
export function requestCheckpoint(db: Knex, signer: NoteSigner): Promise<StoredCheckpoint | null> {
  let s = signers.get(db);
  if (!s) signers.set(db, (s = new CheckpointSigner(db, signer)));
  return s.request();
}

/** The schedule's run: a checkpoint at least every minute while rows arrive (admin records, a failed request). */
export const ledgerCheckpoint: Handler<'ledger.checkpoint'> = async (_payload, { db, ledgerSigner }) => {
  const checkpoint = await requestCheckpoint(db, ledgerSigner);
  return checkpoint ? { size: checkpoint.size, root: checkpoint.rootHash } : { size: 0 };
};
