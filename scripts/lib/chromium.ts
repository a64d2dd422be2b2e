import { existsSync } from 'node:fs';
import { aptInstall } from './apt';

/** Makes sure Debian's Chromium is installed for the end-to-end tests (apt-get when root). */
export async function ensureChromium(log: (m: string) => void): Promise<string> {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${path} does not exist`);
  await aptInstall('chromium', log, 'Chromium is needed for the end-to-end tests: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH)', {
    recommends: true, // as it always was installed: screenshots and tests were made with its recommended packages
  });
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing`);
  return path;
}
