// Production runs the bundles scripts/build.mjs writes, with plain Node: they must start, find their files
// (migrations, the worker's fonts, web/dist) from their own folder, and refuse a bad environment as the sources do.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/proc';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../scripts/lib/node-flags';
import { freshDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db';
import { spawnCompiledProcess, type ServiceProcess } from '../helpers/processes';
import { eventually } from '../helpers/worker';

const root = path.resolve(__dirname, '../..');
let database: TestDatabase;
const running: ServiceProcess[] = [];

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
  database = await freshDatabase();
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await database?.drop();
});

describe('the compiled servers', () => {
  it('refuse a bad environment variable with one clear line', () => {
    for (const [bundle, named] of [
      ['api/dist/server.js', 'PORT must be a number (got "eighty")'],
      ['worker/dist/main.js', 'WORKER_CONCURRENCY_LEDGER'],
    ] as const) {
      const r = spawnSync(process.execPath, [bundle], {
        cwd: root,
        encoding: 'utf8',
        timeout: 30_000,
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://u@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379', PORT: 'eighty', WORKER_CONCURRENCY_LEDGER: '0' },
      });
      expect(r.status, bundle).toBe(78);
      expect(r.stderr.trim().split('\n'), bundle).toEqual([expect.stringMatching(new RegExp(`^Invalid configuration: .*${named.replace(/[()]/g, '\\$&')}`))]);
    }
  }, 90_000);

  it('migrate finds the migrations inside its bundle, then the API and the worker start and serve', async () => {
    const migrate = spawnSync(process.execPath, ['scripts/dist/migrate.js'], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, DATABASE_URL: database.url } });
    expect(migrate.stdout.trim()).toBe('schema is up to date');
    const env = { DATABASE_URL: database.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: testRedisPrefix() };
    const port = await freePort();
    // With production's flags, and V8's collections traced: the idle one (gc() from --expose-gc) says "testing".
    const idle = { IDLE_GC_SECONDS: '1' };
    const api = spawnCompiledProcess('api/dist/server.js', { ...env, ...idle, PORT: String(port) }, [...API_NODE_FLAGS, '--trace-gc']);
    const worker = spawnCompiledProcess('worker/dist/main.js', { ...env, ...idle, LOG_LEVEL: 'info' }, [...WORKER_NODE_FLAGS, '--trace-gc']);
    running.push(api, worker);
    const answer = async (p: string) => (await fetch(`http://127.0.0.1:${port}${p}`).catch(() => null))?.status;
    await eventually(async () => (await answer('/readyz')) === 200, 90_000, `the compiled API ready\n${api.output()}`);
    expect(await answer('/api/ledger/summary')).toBe(200);
    await eventually(async () => worker.output().includes('worker started'), 90_000, `the compiled worker started\n${worker.output()}`);
    // Each collects once a second has passed without a request (API) or a job (worker).
    const idleCollection = /Mark-Compact .*testing; GC in old space requested/;
    await eventually(async () => idleCollection.test(api.output()), 30_000, `the compiled API's idle collection\n${api.output().slice(-2000)}`);
    await eventually(async () => idleCollection.test(worker.output()), 30_000, `the compiled worker's idle collection\n${worker.output().slice(-2000)}`);
  }, 200_000);
});
