import type { Knex } from 'knex';
import type { NoteSigner } from '@app/common/domain/signed-note';
import { signCheckpoint, type StoredCheckpoint } from '@app/common/server/tlog-checkpoints';
import type { Handler } from '../context';

/**
 * Signs checkpoints for one worker process: at most one signing runs at a time, and the requests made while it runs
 * share the next one, so a burst of committed batches costs a signature per batch at most, and usually fewer.
 */
class CheckpointSigner {
  private running: Promise<StoredCheckpoint | null> | null = null;
  private queued: Promise<StoredCheckpoint | null> | null = null;

  constructor(
    private readonly db: Knex,
    private readonly signer: NoteSigner,
  ) {}

  /** A checkpoint that covers every row committed before this call. */
  request(): Promise<StoredCheckpoint | null> {
    if (this.queued) return this.queued;
    const start = () => {
      this.queued = null;
      const run = signCheckpoint(this.db, this.signer).finally(() => {
        if (this.running === run) this.running = null;
      });
      this.running = run;
      return run;
    };
    if (!this.running) return start();
    this.queued = this.running.catch(() => null).then(start);
    return this.queued;
  }
}

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
