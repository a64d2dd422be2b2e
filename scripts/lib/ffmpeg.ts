import { spawnSync } from 'node:child_process';
import { ensureAptPackage } from './apt';

/** Whether `ffmpeg` and `ffprobe` run from PATH. */
function installed(): boolean {
  return ['ffmpeg', 'ffprobe'].every((cmd) => spawnSync(cmd, ['-version'], { stdio: 'ignore' }).status === 0);
}

/**
 * Makes sure Debian's ffmpeg (with ffprobe) is installed: the worker remuxes finalized recordings with
 * it (common/src/server/media/remux.ts). apt-get when root, like Chromium, Redis and nginx.
 */
export async function ensureFfmpeg(log: (m: string) => void): Promise<void> {
  await ensureAptPackage('ffmpeg', installed, log, 'ffmpeg is needed to finalize recordings: install it with `sudo apt-get install -y ffmpeg`', 'ffmpeg or ffprobe still does not run');
}
