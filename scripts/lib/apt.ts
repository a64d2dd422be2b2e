/** Installs a missing Debian package for the set-up (Redis, Chromium, nginx): apt-get when root, `update` at most once. */
import { run } from './proc';
import { describeExit, isRoot, lastLines, which } from './services/util';

let updated: Promise<unknown> | undefined;

/**
 * `apt-get install -y <pkg>`; when that fails, one `apt-get update` per process (shared by every package) and a
 * retry. Throws `hint` (what to install by hand) when not root or without apt-get.
 */
export async function aptInstall(pkg: string, log: (m: string) => void, hint: string, opts: { recommends?: boolean } = {}): Promise<void> {
  if (!isRoot()) throw new Error(hint);
  if (!which('apt-get')) throw new Error(`${hint} (running as root, but apt-get is not available to install it)`);
  log(`${pkg}: not found; installing it with apt-get (running as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '-qq', ...(opts.recommends ? [] : ['--no-install-recommends']), pkg];
  const install = () => run('apt-get', args, { env, timeoutMs: 600_000, capture: true });
  let r = await install();
  if (r.code !== 0) {
    log(`${pkg}: apt-get install failed; running apt-get update and retrying`);
    updated ??= run('apt-get', ['update', '-qq'], { env, timeoutMs: 600_000, capture: true });
    await updated;
    r = await install();
  }
  if (r.code !== 0) throw new Error(`apt-get install -y ${pkg} failed (${describeExit(r)}):\n${lastLines(r.output, 15)}\n${hint}`);
}

/**
 * Makes sure a Debian package's program is there: nothing when `installed()` already holds, else aptInstall (`hint`
 * says what to install by hand) and `installed()` once more, failing with `stillMissing` when it still does not hold.
 */
export async function ensureAptPackage(pkg: string, installed: () => boolean, log: (m: string) => void, hint: string, stillMissing: string): Promise<void> {
  if (installed()) return;
  await aptInstall(pkg, log, hint);
  if (!installed()) throw new Error(`apt-get installed ${pkg} but ${stillMissing}`);
}
