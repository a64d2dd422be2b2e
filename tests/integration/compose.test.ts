import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** `docker compose` (v2 plugin) or `docker-compose` (v1), whichever this machine has. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  return null;
}

const compose = composeCommand();

describe('docker-compose.yml', () => {
  it.skipIf(!compose)('is accepted by compose config (with .env made from .env.example)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    try {
      for (const f of ['docker-compose.yml', 'Dockerfile']) copyFileSync(path.join(root, f), path.join(dir, f));
      copyFileSync(path.join(root, '.env.example'), path.join(dir, '.env'));
      const [cmd, ...args] = compose!;
      const r = spawnSync(cmd!, [...args, 'config', '-q'], { cwd: dir, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
