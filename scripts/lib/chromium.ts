import { existsSync } from 'node:fs';
import { run } from './proc';

/** Makes sure Debian's Chromium is installed for the end-to-end tests (apt-get when root). */
export async function ensureChromium(log: (m: string) => void): Promise<string> {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${path} does not exist`);
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is needed for the end-to-end tests: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH)');
  }
  log('chromium: not found, installing with apt-get (once)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  if (code !== 0) {
    await run('apt-get', ['update', '-qq'], { env });
    code = await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  }
  if (code !== 0 || !existsSync(path)) throw new Error('apt-get install chromium failed; see the output above');
  return path;
}
