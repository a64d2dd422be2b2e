import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureAptPackage } from './apt';

/**
 * The Python that Debian's packages install into: /usr/bin/python3 when present (a pyenv or venv python3 earlier on
 * PATH does not see /usr/lib/python3/dist-packages), else whatever python3 is on PATH.
 */
export const DEBIAN_PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

function installed(): boolean {
  return spawnSync(DEBIAN_PYTHON, ['-c', 'import icalendar'], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure Python's icalendar (Debian's python3-icalendar) is importable: the calendar feed tests parse the feeds
 * with it, an implementation nobody here wrote. apt-get when root, like Chromium and ffmpeg.
 */
export async function ensurePythonIcalendar(log: (m: string) => void): Promise<void> {
  await ensureAptPackage('python3-icalendar', installed, log, 'the calendar feed tests need Python icalendar: install it with `sudo apt-get install -y python3-icalendar`', `${DEBIAN_PYTHON} still cannot import icalendar`);
}
