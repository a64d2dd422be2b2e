import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths';
import { startProcess, waitForHttp, type Managed } from '../../scripts/lib/proc';
import { freePort } from './harness';

// BENCH_CPU_PROF=<dir>: the API and the worker run as `node --cpu-prof --import tsx` and write V8
// CPU profiles there when they exit (Node refuses --cpu-prof in NODE_OPTIONS).
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

/** Starts one of our entry points (api/src/server.ts, worker/src/main.ts) through tsx, as production does. */
export function runTs(name: string, entry: string, env: NodeJS.ProcessEnv): Managed {
  return profileDir
    ? startProcess(name, process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', entry], { cwd: ROOT, env })
    : startProcess(name, path.join(ROOT, 'node_modules/.bin/tsx'), [entry], { cwd: ROOT, env });
}

/**
 * The API (through tsx, NODE_ENV=production, no web build) on `databaseUrl` beside the Fastify hello-world peer, both
 * answering: the pair most benchmarks measure side by side. `api` and `peer` are their base URLs.
 */
export async function apiBesidePeer(databaseUrl: string, redisUrl: string): Promise<{ api: string; peer: string; stop(): Promise<void> }> {
  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const api = runTs('api', 'api/src/server.ts', { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(apiPort), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: 'bench', WEB_DIST: '/nonexistent' });
  const hello = startProcess('hello', path.join(ROOT, 'node_modules/.bin/tsx'), ['bench/peers/hello.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(helloPort) } });
  const stop = async () => {
    await Promise.all([api.stop(), hello.stop()]);
  };
  try {
    await waitForHttp(`http://127.0.0.1:${apiPort}/readyz`, 60_000);
    await waitForHttp(`http://127.0.0.1:${helloPort}/`, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { api: `http://127.0.0.1:${apiPort}`, peer: `http://127.0.0.1:${helloPort}/`, stop };
}
