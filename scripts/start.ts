// `npm start`: services (configured, running locally, or started under ./.data), migrations, demo
// seed, web build, then the API and the worker. Ctrl-C stops everything this script started.
// `npm run start:cluster` (`--cluster`): 2 APIs on PORT+1 and PORT+2 and 2 workers on the same
// Postgres and Redis, behind a small reverse proxy on PORT (scripts/lib/proxy.ts).
import path from 'node:path';
import { createDb, migrateLatest } from '@app/common/server/db';
import { ensureServices } from './lib/services';
import { DATA_DIR, ROOT } from './lib/paths';
import { startProcess, waitForHttp, type Managed } from './lib/proc';
import { startProxy, type Proxy } from './lib/proxy';
import { seedDemo } from './lib/seed';
import { buildWeb } from './lib/web-build';

const log = (m: string) => process.stdout.write(`[start] ${m}\n`);

async function main(): Promise<void> {
  const cluster = process.argv.includes('--cluster');
  const services = await ensureServices({ dataDir: DATA_DIR, log });
  const children: Managed[] = [];
  let proxy: Proxy | undefined;
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
    log(`demo data: ${seeded.ledgerRows} new ledger rows, ${seeded.members} new members, ${seeded.archivedSessions} new archived sessions`);
    await db.destroy();
    await buildWeb(log);
  } catch (err) {
    log(`failed: ${(err as Error).message}`);
    await stopAll(1);
    return;
  }

  const port = process.env.PORT ?? '3000';
  const url = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const env = { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, PORT: port };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const apiPorts = cluster ? [Number(port) + 1, Number(port) + 2] : [Number(port)];
  apiPorts.forEach((p, i) => {
    const apiEnv = cluster ? { ...env, PORT: String(p), PUBLIC_URL: url, TRUST_PROXY: 'true' } : env;
    children.push(startProcess(cluster ? `api-${i + 1}` : 'api', tsx, ['api/src/server.ts'], { cwd: ROOT, env: apiEnv }));
  });
  for (let i = 0; i < (cluster ? 2 : 1); i++) children.push(startProcess(cluster ? `worker-${i + 1}` : 'worker', tsx, ['worker/src/main.ts'], { cwd: ROOT, env: { ...env, PUBLIC_URL: url } })); // links in mail
  for (const c of children) {
    void c.exited.then((code) => {
      if (!stopping) {
        log(`${c.name} exited unexpectedly (code ${code}); stopping the rest`);
        void stopAll(code || 1);
      }
    });
  }

  try {
    for (const p of apiPorts) await waitForHttp(`http://127.0.0.1:${p}/readyz`, 60_000);
    if (cluster) proxy = await startProxy(Number(port), apiPorts, process.env.HOST ?? '127.0.0.1');
  } catch (err) {
    log((err as Error).message);
    await stopAll(1);
    return;
  }
  log('');
  log(`ready: ${url}`);
  if (cluster) log(`  cluster       proxy :${port} -> APIs :${apiPorts.join(', :')}; 2 workers`);
  log(`  token ledger  ${url}/token-ledger`);
  log(`  API docs      ${url}/api/docs`);
  log('press Ctrl-C to stop');
}

void main();
