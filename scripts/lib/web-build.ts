import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from './paths';
import { exitCode, run } from './proc';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds web/dist with Vite, then prerenders the public pages, unless it is newer than every web and common source file. */
export async function buildWeb(log: (m: string) => void, force = false): Promise<void> {
  const index = path.join(ROOT, 'web/dist/index.html');
  if (!force && existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const sources = Math.max(newestMtime(path.join(ROOT, 'web')), newestMtime(path.join(ROOT, 'common/src')));
    if (built > sources) {
      log('web: build is up to date');
      return;
    }
  }
  log('web: building with Vite...');
  const code = exitCode(await run(path.join(BIN, 'vite'), ['build', 'web', '--logLevel', 'warn'], { cwd: ROOT }));
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
  // The public pages as HTML, and the share image (scripts/prerender-web.ts).
  const pre = exitCode(await run(path.join(BIN, 'tsx'), ['scripts/prerender-web.ts'], { cwd: ROOT }));
  if (pre !== 0) throw new Error(`prerendering the public pages failed (exit ${pre})`);
}
