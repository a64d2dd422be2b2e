/** Redis: probe REDIS_URL or :6379, else run redis-server under the data dir (apt-get install it when root). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { HOST, REDIS_NOT_FOUND, type Ctx, type Started } from './context';
import { aptInstall } from '../apt';
import { displayPath, errorCode, errorMessage, isExecutable, killQuietly, maskUrl, registerExitCleanup, settlesWithin, tailFile, which, withTimeout } from './util';

async function probeRedis(url: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; refused: boolean; reason: string }> {
  let lastError: unknown;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    retryStrategy: () => null, // never reconnect: nothing may keep the process alive
    reconnectOnError: () => false,
    enableOfflineQueue: false,
  });
  client.on('error', (err: unknown) => {
    lastError = err;
  });
  try {
    await withTimeout(client.connect(), timeoutMs + 500, `connecting to ${maskUrl(url)}`);
    const pong = await withTimeout(client.ping(), timeoutMs, 'PING');
    if (pong !== 'PONG') return { ok: false, refused: false, reason: `PING answered ${JSON.stringify(pong)}` };
    return { ok: true };
  } catch (err) {
    const cause = lastError ?? err;
    return { ok: false, refused: errorCode(cause) === 'ECONNREFUSED', reason: errorMessage(cause) };
  } finally {
    client.disconnect(false);
  }
}

export async function ensureRedis(ctx: Ctx, redisUrl: string | undefined): Promise<Started> {
  if (redisUrl) {
    const probe = await probeRedis(redisUrl, 3000);
    if (!probe.ok) throw new Error(`REDIS_URL (${maskUrl(redisUrl)}) does not answer PING: ${probe.reason}. Fix or unset REDIS_URL.`);
    ctx.log(`redis: using REDIS_URL (${maskUrl(redisUrl)})`);
    return { url: redisUrl };
  }

  const sharedUrl = `redis://${HOST}:${ctx.probeRedisPort}`;
  const shared = await probeRedis(sharedUrl, 1000);
  if (shared.ok) {
    ctx.log(`redis: using ${HOST}:${ctx.probeRedisPort}`);
    return { url: sharedUrl };
  }
  ctx.log(
    shared.refused
      ? `redis: nothing on ${HOST}:${ctx.probeRedisPort}; using a local redis-server on ${HOST}:${ctx.localRedisPort}`
      : `redis: ${HOST}:${ctx.probeRedisPort} unusable (${shared.reason}); using a local redis-server on ${HOST}:${ctx.localRedisPort}`,
  );

  const port = ctx.localRedisPort;
  const url = `redis://${HOST}:${port}`;
  if ((await probeRedis(url, 1000)).ok) {
    ctx.log(`redis: reusing the redis already running on ${HOST}:${port}`);
    return { url };
  }
  const bin = await findOrInstallRedisServer(ctx);
  return startRedisServer(ctx, bin, port, url);
}

function findRedisServer(): string | undefined {
  return which('redis-server') ?? ['/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'].find(isExecutable);
}

async function findOrInstallRedisServer(ctx: Ctx): Promise<string> {
  const found = findRedisServer();
  if (found) return found;
  await aptInstall('redis-server', ctx.log, REDIS_NOT_FOUND);
  const bin = findRedisServer();
  if (!bin) throw new Error(`redis: apt-get install -y redis-server succeeded but redis-server is still not on PATH; ${REDIS_NOT_FOUND}`);
  ctx.log(`redis: installed ${bin}`);
  return bin;
}

async function startRedisServer(ctx: Ctx, bin: string, port: number, url: string): Promise<Started> {
  const redisDir = path.join(ctx.dataDir, 'redis');
  const logFile = path.join(ctx.dataDir, 'redis.log');
  await fsp.mkdir(redisDir, { recursive: true });
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'yes', '--dir', redisDir, '--daemonize', 'no'];

  const logFd = fs.openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    // Own process group: a terminal Ctrl-C reaches us, not redis, so we can stop things in order
    // (our SIGINT/SIGTERM/exit hooks still kill it when we go).
    child = spawn(bin, args, { cwd: redisDir, stdio: ['ignore', logFd, logFd], detached: true });
  } finally {
    fs.closeSync(logFd);
  }
  let spawnError: Error | undefined;
  child.on('error', (err) => {
    spawnError = err;
  });
  // Don't let the child keep our event loop alive; the exit hook below kills it when we go.
  child.unref();
  const pid = child.pid;
  const unregister = registerExitCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) killQuietly(pid, 'SIGTERM');
  });
  const exited = () => spawnError !== undefined || child.exitCode !== null || child.signalCode !== null;

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited()) {
      unregister();
      throw new Error(
        `redis: redis-server exited during startup (${spawnError ? spawnError.message : `code ${child.exitCode ?? child.signalCode}`}); last lines of ${logFile}:\n${await tailFile(logFile)}`,
      );
    }
    if ((await probeRedis(url, 500)).ok) break;
    if (Date.now() > deadline) {
      killQuietly(pid, 'SIGKILL');
      unregister();
      throw new Error(`redis: redis-server did not answer PING on ${HOST}:${port} within 15 s; last lines of ${logFile}:\n${await tailFile(logFile)}`);
    }
    await sleep(100);
  }
  ctx.log(`redis: started redis-server on ${HOST}:${port} (data in ${displayPath(redisDir)}, log ${displayPath(logFile)})`);

  const stop = async () => {
    if (!exited()) {
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killQuietly(pid, 'SIGTERM');
      if (!(await settlesWithin(done, 10_000))) {
        killQuietly(pid, 'SIGKILL');
        await settlesWithin(done, 2000);
      }
    }
    unregister();
    if (!exited()) throw new Error(`redis-server (pid ${pid}) did not exit`);
    ctx.log(`redis: stopped redis-server on ${HOST}:${port}`);
  };
  return { url, description: `redis-server on ${HOST}:${port} (pid ${pid ?? '?'}, data in ${displayPath(redisDir)})`, stop };
}
