import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths';

// A process's last lines before it exits (a drained worker's "job done", the API's last request) are the ones an
// operator reads after a deploy. A logger that hands each write to libuv's thread pool loses the lines still
// queued there when the process exits: the pool is busy on a loaded host (file reads, hashing, DNS), and exit
// does not wait for it. Here the pool's only thread is kept busy while the child logs and exits at once.
const LINES = 50;
const busyPool = `
  import { pbkdf2 } from 'node:crypto';
  const keepPoolBusy = () => pbkdf2('x', 'y', 1_000_000, 32, 'sha256', () => undefined);
`;

function run(body: string): string[] {
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['--eval', `${busyPool}\n${body}`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', UV_THREADPOOL_SIZE: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .filter((l) => l.includes('"msg":"line"'))
    .map((l) => String((JSON.parse(l) as { i: number }).i));
}

const every = Array.from({ length: LINES }, (_, i) => String(i));

describe('log lines written right before exit', () => {
  it("reach stdout from a process's logger (worker, studio ingest) while the thread pool is busy", () => {
    const lines = run(`
      import { createLogger } from '@app/common/server/log';
      const log = createLogger({ level: 'info' });
      keepPoolBusy();
      for (let i = 0; i < ${LINES}; i++) log.info({ i }, 'line');
      process.exit(0);
    `);
    expect(lines).toEqual(every);
  });

  it("reach stdout from the API's logger while the thread pool is busy", () => {
    const lines = run(`
      import Fastify from 'fastify';
      import { apiLoggerOptions } from '@app/common/server/log';
      const app = Fastify({ logger: apiLoggerOptions('info') });
      keepPoolBusy();
      for (let i = 0; i < ${LINES}; i++) app.log.info({ i }, 'line');
      process.exit(0);
    `);
    expect(lines).toEqual(every);
  });
});
