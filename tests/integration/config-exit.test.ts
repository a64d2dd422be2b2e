import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('a bad environment variable', () => {
  for (const [name, entry] of [
    ['api', 'api/src/server.ts'],
    ['worker', 'worker/src/main.ts'],
  ] as const) {
    it(`stops the ${name} with one clear line naming it`, () => {
      const r = spawnSync(tsx, [entry], {
        cwd: root,
        encoding: 'utf8',
        timeout: 30_000,
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://u@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379', PORT: 'eighty', WORKER_CONCURRENCY_LEDGER: '0' },
      });
      expect(r.status).toBe(78);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: /);
      expect(lines[0]).toContain(name === 'api' ? 'PORT must be a number (got "eighty")' : 'WORKER_CONCURRENCY_LEDGER');
    });
  }
});
