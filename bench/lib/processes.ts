import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../scripts/lib/node-flags';
import { exitCode, run, startProcess, waitForHttp, type Managed } from '../../scripts/lib/proc';
import { processTree } from './cpu';
import { freePort } from './harness';

// BENCH_CPU_PROF=<dir>: the API and the worker run as `node --cpu-prof` and write V8 CPU profiles there when they
// exit (Node refuses --cpu-prof in NODE_OPTIONS).
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const profileFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

/** Starts one of our entry points (api/src/server.ts, worker/src/main.ts) through tsx, as `npm run dev` does. */
function runTs(name: string, entry: string, env: NodeJS.ProcessEnv): Managed {
  return profileDir
    ? startProcess(name, process.execPath, [...profileFlags, '--import', 'tsx', entry], { cwd: ROOT, env })
    : startProcess(name, path.join(ROOT, 'node_modules/.bin/tsx'), [entry], { cwd: ROOT, env });
}

/** The server build, once per bench run however many API processes start. */
let built: Promise<void> | undefined;

/**
 * Builds the server bundles (scripts/build.mjs) and starts the API as production runs it (`npm start`, the
 * Dockerfile): api/dist/server.js on plain Node with the API's flags, no TypeScript loader in the process.
 */
export async function runCompiledApi(name: string, env: NodeJS.ProcessEnv): Promise<Managed> {
  await buildOnce();
  return startProcess(name, process.execPath, [...profileFlags, ...API_NODE_FLAGS, 'api/dist/server.js'], { cwd: ROOT, env });
}

/** The worker as production runs it: worker/dist/main.js on plain Node with the worker's flags. */
export async function runCompiledWorker(name: string, env: NodeJS.ProcessEnv): Promise<Managed> {
  await buildOnce();
  return startProcess(name, process.execPath, [...profileFlags, ...WORKER_NODE_FLAGS, 'worker/dist/main.js'], { cwd: ROOT, env });
}

function buildOnce(): Promise<void> {
  built ??= run(process.execPath, ['scripts/build.mjs'], { cwd: ROOT }).then((result) => {
    if (exitCode(result) !== 0) throw new Error('the server build failed');
  });
  return built;
}

/**
 * The API (NODE_ENV=production, no web build) on `databaseUrl` beside the Fastify hello-world peer, both answering:
 * the pair most benchmarks measure side by side. `api` and `peer` are their base URLs, `apiPids` and `peerPids`
 * their process trees (for CPU per answer). The API runs through tsx unless `compiled` (then as production runs it).
 */
export async function apiBesidePeer(
  databaseUrl: string,
  redisUrl: string,
  opts: { compiled?: boolean } = {},
): Promise<{ api: string; peer: string; apiPids(): number[]; peerPids(): number[]; stop(): Promise<void> }> {
  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(apiPort), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: 'bench', WEB_DIST: '/nonexistent' };
  const api = opts.compiled ? await runCompiledApi('api', env) : runTs('api', 'api/src/server.ts', env);
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
  return { api: `http://127.0.0.1:${apiPort}`, peer: `http://127.0.0.1:${helloPort}/`, apiPids: () => processTree(api.child.pid!), peerPids: () => processTree(hello.child.pid!), stop };
}
