// `npm run dev`: the same services, migrations and seed as `npm start`, then the API and worker under
// `tsx watch` and Vite's dev server with hot reload, proxying /api, /healthz, /readyz and sockets to the API.
import path from 'node:path';
import { createDb, migrateLatest } from '@app/common/server/db';
import { ensureFfmpeg } from './lib/ffmpeg';
import { localLedgerKey } from './lib/ledger-key';
import { ensureServices } from './lib/services';
import { BIN, DATA_DIR, ROOT } from './lib/paths';
import { startProcess, type Managed } from './lib/proc';
import { seedDemo } from './lib/seed';

const log = (m: string) => process.stdout.write(`[dev] ${m}\n`);

const services = await ensureServices({ dataDir: DATA_DIR, log });
await ensureFfmpeg(log);
const db = createDb(services.databaseUrl, { poolMax: 2 });
await migrateLatest(db);
await seedDemo(db);
await db.destroy();

const apiPort = process.env.PORT ?? '3000';
const env = { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, PORT: apiPort, API_PORT: apiPort, LEDGER_SIGNING_KEY: localLedgerKey(DATA_DIR, process.env.PUBLIC_URL ?? `http://localhost:${apiPort}`, log) };
const tsx = path.join(BIN, 'tsx');
const children: Managed[] = [
  startProcess('api', tsx, ['watch', '--clear-screen=false', 'api/src/server.ts'], { cwd: ROOT, env }),
  startProcess('worker', tsx, ['watch', '--clear-screen=false', 'worker/src/main.ts'], { cwd: ROOT, env }),
  startProcess('web', path.join(BIN, 'vite'), ['web', '--port', process.env.WEB_PORT ?? '5173', '--strictPort'], { cwd: ROOT, env }),
];
log(`web with hot reload on http://localhost:${process.env.WEB_PORT ?? '5173'} (API on :${apiPort}); Ctrl-C stops everything`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => c.stop()));
  await services.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
