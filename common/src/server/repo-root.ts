import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function isWorkspaceRoot(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  return existsSync(file) && 'workspaces' in (JSON.parse(readFileSync(file, 'utf8')) as object);
}

/**
 * The repository root: the nearest folder at or above `from` whose package.json lists the workspaces.
 * Found by walking up, not by a fixed '../..': the same code runs from its own source file (tsx, tests)
 * and bundled into api/dist, worker/dist or scripts/dist, each at another depth.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (isWorkspaceRoot(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${from}`);
  }
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
