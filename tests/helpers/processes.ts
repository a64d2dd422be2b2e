// Real processes for fault tests: a private redis-server that a test may stop and start again, and the
// worker as its own OS process (spawned exactly as in production, through tsx) that a test may kill.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../../scripts/lib/proc';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import type { TestApp } from './app';
import { testRedisPrefix } from './db';
import { eventually } from './worker';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Kills left behind if this test process exits first. One 'exit' listener for all of them: one process runs many test
 * files (the integration project is not isolated), and a listener per child would pile up on `process`.
 */
const killsOnExit: Array<() => void> = [];
function killOnExit(kill: () => void): void {
  if (killsOnExit.length === 0) process.once('exit', () => killsOnExit.forEach((k) => k()));
  killsOnExit.push(kill);
}

/** What every API and worker process of one test shares: its database, the run's Redis under a fresh prefix, the fake Stripe. */
export function sharedProcessEnv(databaseUrl: string, stripe: FakeStripe): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: testRedisPrefix(),
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.baseUrl,
  };
}

/** The app's settings for paying through the fake Stripe. */
export function stripeAppEnv(stripe: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' };
}

/** A fake Stripe for the whole test file: started before its tests, closed after. Read it inside hooks and tests. */
export function useFakeStripe(): () => FakeStripe {
  let stripe: FakeStripe | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  return () => stripe!;
}

/** The environment of a worker process working for test app `t`, on Redis at `redisUrl`. */
export function workerProcessEnv(t: TestApp, redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: t.database.url, REDIS_URL: redisUrl, REDIS_PREFIX: t.config.REDIS_PREFIX, LOG_LEVEL: 'warn', ...extra };
}

/** Waits for `check`, and on timeout says what the worker processes printed. */
export async function eventuallyWith(workers: WorkerProcess[], check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  try {
    await eventually(check, timeoutMs, what);
  } catch (err) {
    throw new Error(`${(err as Error).message}\nworker output:\n${workers.map((w) => `[pid ${w.pid}]\n${w.output()}`).join('\n')}`);
  }
}

/** Resolves when `child` has exited (at once if it already has). */
function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A redis-server without persistence on a fixed port: `stop()` loses every key, `start()` again serves an empty Redis. */
export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: Redis vanishes the way a crashed host does. */
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (!child) return;
    const c = child;
    child = undefined;
    c.kill('SIGKILL');
    await exitOf(c);
  };
  const start = async () => {
    if (child) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    probe.on('error', () => undefined); // refused while the server starts: retried below
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch (err) {
          if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer: ${(err as Error).message}`);
          probe.disconnect();
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  killOnExit(() => child?.kill('SIGKILL'));
  await start();
  return { url, port, start, stop };
}

/** A server process (worker or API) running as its own process. */
export interface ServiceProcess {
  pid: number;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  exited: Promise<void>;
  /** SIGKILL to its process group: tsx and the node process running the service both die at once, no cleanup. */
  kill(): Promise<void>;
  /** SIGTERM (graceful: in-flight requests and active jobs finish), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}
/** The worker running as its own process. */
export type WorkerProcess = ServiceProcess;

/** Spawns `tsx worker/src/main.ts` in its own process group with the given environment (on top of PATH). */
export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  return spawnService('worker/src/main.ts', env);
}

/** Spawns `tsx api/src/server.ts` (PORT, DATABASE_URL, REDIS_URL … in `env`), as in production. */
export function spawnApiProcess(env: Record<string, string>): ServiceProcess {
  return spawnService('api/src/server.ts', env);
}

/** Spawns a compiled bundle (`api/dist/server.js`, `worker/dist/main.js`, built by scripts/build.mjs) with plain Node and `nodeFlags`. */
export function spawnCompiledProcess(bundle: string, env: Record<string, string>, nodeFlags: string[] = []): ServiceProcess {
  return spawnService(bundle, env, nodeFlags);
}

/** A TypeScript entry runs through tsx, a bundle (.js) with plain Node, each as production ran or runs it. */
function spawnService(script: string, env: Record<string, string>, nodeFlags: string[] = []): ServiceProcess {
  const [cmd, args] = script.endsWith('.js') ? [process.execPath, [...nodeFlags, script]] : [path.join(ROOT, 'node_modules/.bin/tsx'), [script]];
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = exitOf(child);
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  killOnExit(() => signalGroup('SIGKILL'));
  return {
    pid: child.pid!,
    output: () => out,
    exited,
    kill: async () => {
      signalGroup('SIGKILL');
      await exited;
    },
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM'); // tsx relays it to the service, which drains (requests, active jobs)
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      signalGroup('SIGKILL'); // the tsx child, should the relay have been lost
    },
  };
}
