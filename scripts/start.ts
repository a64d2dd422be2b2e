// `npm start`: services (configured, running locally, or started under ./.data), migrations, demo
// seed, web build, then the API and the worker. Ctrl-C stops everything this script started.
// It runs compiled (scripts/dist/start.js, in bootstrap.mjs's own process) and starts the compiled servers,
// api/dist/server.js and worker/dist/main.js, with plain Node: bootstrap.mjs builds all three first.
// `npm run start:cluster` (`--cluster`): 2 APIs (127.0.0.1 and 127.0.0.2, port PORT+1) and 2 workers on the
// same Postgres and Redis, behind nginx running deploy/nginx.conf on PORT when nginx is installed, else the
// Node stand-in (scripts/lib/nginx.ts).
import path from 'node:path';
import { createDb, migrateLatest } from '@app/common/server/db';
import { ensureFfmpeg } from './lib/ffmpeg';
import { localLedgerKey } from './lib/ledger-key';
import { ensureServices } from './lib/services';
import { DATA_DIR, ROOT } from './lib/paths';
import { startProcess, waitForHttp, type Managed } from './lib/proc';
import { startClusterProxy, type ClusterProxy } from './lib/nginx';
import { seedDemo } from './lib/seed';
import { buildWeb } from './lib/web-build';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from './lib/node-flags';

const log = (m: string) => process.stdout.write(`[start] ${m}\n`);

async function main(): Promise<void> {
  const cluster = process.argv.includes('--cluster');
  const services = await ensureServices({ dataDir: DATA_DIR, log });
  const children: Managed[] = [];
  let proxy: ClusterProxy | undefined;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await proxy?.close();
    await Promise.all(children.map((c) => c.stop()));
    await services.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    const db = createDb(services.databaseUrl, { poolMax: 2 });
    const applied = await migrateLatest(db);
    log(applied.length ? `migrated: ${applied.join(', ')}` : 'database schema is up to date');
    const seeded = await seedDemo(db);
    log(`demo data: ${seeded.ledgerRows} new ledger rows, ${seeded.members} new members, ${seeded.archivedSessions} new archived sessions, ${seeded.speakerSessions} new speaker sessions`);
    await db.destroy();
    await buildWeb(log);
    await ensureFfmpeg(log);
  } catch (err) {
    log(`failed: ${(err as Error).message}`);
    await stopAll(1);
    return;
  }

  const port = process.env.PORT ?? '3000';
  const url = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const env = { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, PORT: port, LEDGER_SIGNING_KEY: localLedgerKey(DATA_DIR, url, log) };
  // Behind the proxy, the APIs share a port on two loopback addresses: nginx finds them by name, and names carry no ports.
  const apiPort = cluster ? Number(port) + 1 : Number(port);
  const apiHosts = cluster ? ['127.0.0.1', '127.0.0.2'] : [process.env.HOST ?? '127.0.0.1'];
  apiHosts.forEach((host, i) => {
    const apiEnv = cluster ? { ...env, HOST: host, PORT: String(apiPort), PUBLIC_URL: url, TRUST_PROXY: 'true' } : env;
    children.push(startProcess(cluster ? `api-${i + 1}` : 'api', process.execPath, [...API_NODE_FLAGS, path.join(ROOT, 'api/dist/server.js')], { cwd: ROOT, env: apiEnv }));
  });
  for (let i = 0; i < (cluster ? 2 : 1); i++) children.push(startProcess(cluster ? `worker-${i + 1}` : 'worker', process.execPath, [...WORKER_NODE_FLAGS, path.join(ROOT, 'worker/dist/main.js')], { cwd: ROOT, env: { ...env, PUBLIC_URL: url } })); // links in mail
  for (const c of children) {
    void c.exited.then((code) => {
      if (!stopping) {
        log(`${c.name} exited unexpectedly (code ${code}); stopping the rest`);
        void stopAll(code || 1);
      }
    });
  }

  try {
    for (const host of apiHosts) await waitForHttp(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${apiPort}/readyz`, 60_000);
    if (cluster) proxy = await startClusterProxy({ host: process.env.HOST ?? '127.0.0.1', port: Number(port), apiHosts, apiPort, log });
  } catch (err) {
    log((err as Error).message);
    await stopAll(1);
    return;
  }
  log('');
  log(`ready: ${url}`);
  if (cluster) log(`  cluster       ${proxy?.kind === 'nginx' ? 'nginx' : 'Node stand-in proxy'} :${port} -> APIs ${apiHosts.map((h) => `${h}:${apiPort}`).join(', ')}; 2 workers`);
  log(`  token ledger  ${url}/token-ledger`);
  log(`  API docs      ${url}/api/docs`);
  log('press Ctrl-C to stop');
}

void main();
