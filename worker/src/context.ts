import type { Job } from 'bullmq';
import type Stripe from 'stripe';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobName, JobPayload } from '@app/common/jobs';
import type { Queues } from '@app/common/server/queues';
import type { RoomEmitter } from '@app/common/server/realtime';
import type { Storage } from '@app/common/server/storage/index';
import type { NoteSigner } from '@app/common/domain/signed-note';
import type { Mailer } from './mail/mailer';

/** What every handler gets besides its payload. */
export interface HandlerContext {
  db: Knex;
  queues: Queues;
  log: Logger;
  job: Job;
  /** Sends typed Socket.IO events to rooms through Redis (after commit). */
  emitter: RoomEmitter;
  /** Object storage (the same driver and root/bucket as the API's). */
  storage: Storage;
  /** Outgoing mail: the transport (SMTP or outbox only) and the site's name and origin. */
  mailer: Mailer;
  /** Stripe, when configured (STRIPE_SECRET_KEY): the provider reconciliation lists its events. */
  stripe: Stripe | null;
  /** Signs the ledger's checkpoints (LEDGER_SIGNING_KEY; the development key outside production). */
  ledgerSigner: NoteSigner;
}

/** A job handler; its payload type comes from the job's schema in common/src/jobs.ts. */
export type Handler<N extends JobName> = (payload: JobPayload<N>, ctx: HandlerContext) => Promise<unknown>;

/** One handler per job name: a job added to JOBS without a handler here fails to compile. */
export type HandlerMap = { [N in JobName]: Handler<N> };
