import { UnrecoverableError } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobPayload } from '../../jobs';
import { requestMail, requestPaymentNotices } from '../mail/enqueue';
import { requestSeatRefund } from '../program/seat-refunds';
import { enqueueManyOrLeaveToReconciler, type Queues } from '../queues';
import { announcePayment, type RoomEmitter } from '../realtime';
import { PaymentMismatchError, type ApplyResult } from './checkout';
import { noticeOfStoredEvent } from './monthly';
import { applyProviderEvent, applyProviderEvents, markStripeEventProcessed } from './provider-events';

// The ledger.record job, asked for and run: every path that stores a provider event in the inbox asks for its job here
// (requestLedgerRecords), and the worker runs it (ledgerRecord, which worker/src/handlers/index.ts maps the name to):
// it applies the stored event, coalescing the jobs that run at once into one transaction, then announces the outcome
// and asks for the payer's mails.

/**
 * Asks for the ledger.record job of each stored inbox event, waiting at most `timeoutMs` for Redis (the error is
 * returned: the inbox row is already safe and the scheduled reconciler asks again). jobId = event id: an event asked
 * for again while its job still exists runs once, and a job added late after a time-out is the same job.
 */
export function requestLedgerRecords(queues: Queues, eventIds: readonly string[], timeoutMs?: number): Promise<Error | null> {
  return enqueueManyOrLeaveToReconciler(queues, 'ledger.record', eventIds.map((eventId) => ({ payload: { eventId }, opts: { jobId: eventId } })), timeoutMs);
}

interface Waiting {
  eventId: string;
  log: Logger;
  /** The event's own transaction (ledger.record's per-event path). */
  alone: () => Promise<ApplyResult | null>;
  resolve: (r: ApplyResult | null | Promise<ApplyResult | null>) => void;
  reject: (err: unknown) => void;
}

/**
 * Coalesces the ledger.record jobs one worker process runs at once (docs/decisions/0003-burst-throughput.md).
 * Each job still is one BullMQ job per event and waits here for its own event's outcome; at most one batch runs at a time, and the events
 * that arrive meanwhile form the next one (up to `maxBatch`). A batch of one is the per-event transaction
 * itself; a larger one is one transaction (applyProviderEvents) and each job's promise settles after its commit.
 * An event the batch did not lock, and every event of a batch that failed for any reason, is applied in its
 * own transaction exactly as before, so a bad event fails only its own job.
 */
class ProviderEventBatcher {
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
      results = await this.db.transaction((trx) => applyProviderEvents(trx, batch.map((w) => w.eventId)));
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

/** Events applied in one transaction at most (the ledger queue's concurrency bounds it too). */
const MAX_BATCH = 100;
/** One batcher per worker process (per database handle). */
const batchers = new WeakMap<Knex, ProviderEventBatcher>();

/**
 * Applies one inbox event in its own transaction (applyProviderEvent: a batch of one). An event that matches
 * none of our payments is closed out here, so that it fails its job visibly and only once.
 */
async function applyAlone(db: Knex, eventId: string, log: Logger): Promise<ApplyResult | null> {
  try {
    const applied = await applyProviderEvent(db, eventId);
    if (applied === undefined) throw new UnrecoverableError(`stripe event ${eventId} is not in the inbox`);
    return applied;
  } catch (err) {
    if (!(err instanceof PaymentMismatchError)) throw err;
    // A session that matches none of our payments (or charged another amount) will never apply:
    // close it out with the reason, so the reconciler leaves it alone, and fail the job visibly.
    await markStripeEventProcessed(db, eventId, err.message);
    log.error({ eventId, err: err.message }, 'payment event refused');
    throw new UnrecoverableError(err.message);
  }
}

/** What ledger.record uses of the worker's handler context. */
interface LedgerRecordContext {
  db: Knex;
  log: Logger;
  emitter: RoomEmitter;
  queues: Queues;
}

/**
 * One job per inbox event. Jobs running at once in this process are applied together (ProviderEventBatcher: one
 * transaction for the lot, the same effects and results as one each); whenever that is not possible the event
 * gets its own transaction (applyAlone). Either way the job goes on only after its event's commit, and the
 * emits and mail requests follow per event. `requestCheckpoint` asks the worker's signer for a checkpoint.
 */
export async function ledgerRecord({ eventId }: JobPayload<'ledger.record'>, { db, log, emitter, queues }: LedgerRecordContext, requestCheckpoint: () => Promise<unknown>): Promise<unknown> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new ProviderEventBatcher(db, MAX_BATCH)));
  const result = await batcher.apply(eventId, log, () => applyAlone(db, eventId, log));
  // A checkpoint after the commit, signed beside the job rather than in it (the job's latency stays the ledger's; a
  // burst's batches share signings); one that fails or is cut off by a shutdown is signed by the minute schedule.
  if (result?.ledgerRow || result?.reversalRow) {
    void requestCheckpoint().catch((err: Error) => log.warn({ err: err.message }, 'checkpoint not signed: the schedule signs it'));
  }
  if (result) {
    announcePayment(emitter, result);
    log.info({ eventId, kind: result.kind, rowId: result.rowId, status: result.status, ledgerRow: Boolean(result.ledgerRow) }, 'payment event applied');
  }
  // After commit: an enrolment paid into a full cohort is refunded (one job per payment, however often asked).
  await requestSeatRefund(queues, log, result);
  // After commit, keyed by payment id: a redelivered event asks again and the mail queue drops the repeat.
  if (result?.mailable) {
    if (result.status === 'paid') await requestMail(queues, log, { kind: 'payment-confirmed', paymentKind: result.kind, paymentId: result.rowId });
    await requestPaymentNotices(queues, log, result);
  }
  // A monthly gift's failed renewal or end (events that change no payment): its notice, keyed so it is sent once.
  const notice = result ? null : await noticeOfStoredEvent(db, eventId);
  if (notice) await requestMail(queues, log, notice);
  return result ? { status: result.status, ledgerRow: Boolean(result.ledgerRow) } : { skipped: true };
}
