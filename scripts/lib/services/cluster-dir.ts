/** The private cluster's data folder, shared by the system-binaries and embedded paths: its version, socket dir, owner and pid file. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Ctx } from './context';
import { displayPath, safeRealpath } from './util';

export function readClusterMajor(pgDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** initdb/postgres flags for the locale: C.UTF-8 where the OS has it, else plain C. */
export function localeFlags(): string[] {
  const r = spawnSync('locale', ['-a'], { encoding: 'utf8', timeout: 5000 });
  const hasCUtf8 = /^c\.utf-?8$/im.test(r.stdout ?? '');
  return ['--encoding=UTF8', `--locale=${hasCUtf8 ? 'C.UTF-8' : 'C'}`];
}

/** Unix socket directory inside the data dir, or '' (TCP only) when the socket path would be too long. */
export function socketDirFor(ctx: Ctx, pgDir: string, port: number): string {
  if (Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}`)) <= 100) return pgDir;
  ctx.log(`postgres: ${displayPath(pgDir)} is too long a path for a unix socket; TCP only`);
  return '';
}

interface PostgresUser {
  uid: number;
  gid: number;
}

export function lookupPostgresUser(): PostgresUser | undefined {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/**
 * As root, PostgreSQL has to run as the `postgres` OS user: give it the cluster directory and the
 * log file, and make sure it can reach them.
 */
export async function prepareDirsForPostgresUser(ctx: Ctx, user: PostgresUser, pgDir: string, logFile: string): Promise<void> {
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
export async function prepareClusterDir(pgDir: string): Promise<boolean> {
  await fsp.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(path.join(pgDir, 'PG_VERSION'))) return true;
  const entries = await fsp.readdir(pgDir);
  if (entries.length > 0) {
    throw new Error(`postgres: ${pgDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); delete it and retry`);
  }
  await fsp.chmod(pgDir, 0o700);
  return false;
}


export function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const first = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
    const pid = Number.parseInt(first, 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
