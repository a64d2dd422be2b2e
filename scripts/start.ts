// `npm start`: services (configured, running locally, or started under ./.data), migrations, demo
// seed, web build, then the API and the worker. Ctrl-C stops everything this script started.
import path from 'node:path';
import { createDb, migrateLatest } from '@app/common/server/db';
import { ensureServices } from './lib/services';
import { DATA_DIR, ROOT } from './lib/paths';
import { startProcess, waitForHttp, type Managed } from './lib/proc';
import { seedDemo } from './lib/seed';
import { buildWeb } from './lib/web-build';

const log = (m: string) => process.stdout.write(`[start] ${m}\n`);

async function main(): Promise<void> {
  const services = await ensureServices({ dataDir: DATA_DIR, log });
  const children: Managed[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
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
  const env = { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, PORT: port };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  children.push(startProcess('api', tsx, ['api/src/server.ts'], { cwd: ROOT, env }));
  children.push(startProcess('worker', tsx, ['worker/src/main.ts'], { cwd: ROOT, env }));
  for (const c of children) {
    void c.exited.then((code) => {
      if (!stopping) {
        log(`${c.name} exited unexpectedly (code ${code}); stopping the rest`);
        void stopAll(code || 1);
      }
    });
  }

  const url = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  try {
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  } catch (err) {
    log((err as Error).message);
    await stopAll(1);
    return;
  }
  log('');
  log(`ready: ${url}`);
  log(`  token ledger  ${url}/token-ledger`);
  log(`  API docs      ${url}/api/docs`);
  log('press Ctrl-C to stop');
}

void main();
