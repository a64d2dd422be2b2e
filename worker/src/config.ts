import { z } from 'zod';
import { ZBaseEnv, parseEnv } from '@app/common/server/env';
import { checkStorageEnv, ZStorageEnv } from '@app/common/server/storage/index';
import { ZMailEnv } from '@app/common/server/mail/transport';
import { checkLedgerKeyEnv, ZLedgerKeyEnv } from '@app/common/server/ledger/ledger-key';
import { ZLinkSecretEnv } from '@app/common/server/link-secret';
import { ZIdleMemoryEnv } from '@app/common/server/idle-memory';

const concurrency = (def: number) => z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 256').max(256, 'must be between 1 and 256').default(def);

/** The worker's environment; see .env.example. */
const ZWorkerEnv = ZBaseEnv.extend({
  // ledger.record jobs running at once in one process are applied in shared transactions (docs/decisions/0003-burst-throughput.md): enough in flight to batch.
  WORKER_CONCURRENCY_LEDGER: concurrency(200),
  WORKER_CONCURRENCY_RECORDINGS: concurrency(2),
  WORKER_CONCURRENCY_RENDER: concurrency(1),
  WORKER_CONCURRENCY_MAIL: concurrency(2),
  // Links in mail point here (the API's PUBLIC_URL); the product name heads every message.
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://example.org' }).optional(),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('ADX Trust'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(1_000).max(600_000).default(30_000),
  DB_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(5),
  // How long a job's lock lives without renewal (the worker renews it every half of this while the job
  // runs). A worker that dies holding a job is noticed within about two of these: the stalled check
  // runs at the same interval, and the job goes back to waiting. BullMQ's default is 30000.
  WORKER_LOCK_DURATION_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1_000, 'must be between 1000 and 600000')
    .max(600_000, 'must be between 1000 and 600000')
    .default(30_000),
  // Written every 10 s while Postgres and Redis answer; the container health check reads its age.
  WORKER_HEARTBEAT_FILE: z.string().min(1).optional(),
  // The provider reconciliation lists Stripe's events with the API's key (same variables as the API's).
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_API_URL: z.url({ error: 'must be an absolute URL' }).optional(),
}).extend(ZStorageEnv.shape).extend(ZMailEnv.shape).extend(ZLedgerKeyEnv.shape).extend(ZLinkSecretEnv.shape).extend(ZIdleMemoryEnv.shape);

/** Parsed worker configuration. */
export type WorkerConfig = z.infer<typeof ZWorkerEnv>;

/** Parses the worker's environment once; throws ConfigError naming each bad variable. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return parseEnv(ZWorkerEnv.superRefine(checkStorageEnv).superRefine(checkLedgerKeyEnv), env);
}
