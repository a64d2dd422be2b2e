import { spawnSync } from 'node:child_process';
import { run } from './proc';

/** Whether `ffmpeg` and `ffprobe` run from PATH. */
function installed(): boolean {
  return ['ffmpeg', 'ffprobe'].every((cmd) => spawnSync(cmd, ['-version'], { stdio: 'ignore' }).status === 0);
}

/**
 * Makes sure Debian's ffmpeg (with ffprobe) is installed: the worker remuxes finalized recordings with
 * it (common/src/server/media/remux.ts). apt-get when root, like Chromium and Redis.
 */
export async function ensureFfmpeg(log: (m: string) => void): Promise<void> {
  if (installed()) return;
  if (process.getuid?.() !== 0) {
    throw new Error('ffmpeg is needed to finalize recordings: install it with `sudo apt-get install -y ffmpeg`');
  }
  log('ffmpeg: not found, installing with apt-get (once)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], { env });
  if (code !== 0) {
    await run('apt-get', ['update', '-qq'], { env });
    code = await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], { env });
  }
  if (code !== 0 || !installed()) throw new Error('apt-get install ffmpeg failed; see the output above');
}
