// Benchmark: the public ledger query (investor-ID search + a page of 50) over 1,000,000 rows,
// against a bare Fastify hello-world measured in the same run. Target: >= 30 % of hello-world's
// req/s and p99 <= 20 ms. 50 connections, autocannon, everything on this machine.
import path from 'node:path';
import { ROOT } from '../scripts/lib/paths';
import { startProcess, waitForHttp } from '../scripts/lib/proc';
import { benchDatabase } from './lib/database';
import { measureCsvExport } from './lib/csv-export';
import { freePort, load, report } from './lib/harness';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const log = (m: string) => console.log(`[bench:ledger] ${m}`);

const dbName = process.env.BENCH_LEDGER_DB ?? 'adx_bench_ledger';
const { services, url: benchUrl, db, close } = await benchDatabase(dbName, log, { fresh: false });
const have = Number(((await db('ledger_totals').first()) as { records: string }).records);
if (have !== ROWS) {
  log(`seeding ${ROWS.toLocaleString()} ledger rows (once; kept in database ${dbName})...`);
  await db.raw('TRUNCATE token_purchases');
  await db.raw(
    `INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source, payment_reference)
     SELECT 'ADX' || lpad(g::text, 7, '0'), date '2024-01-01' + (g % 700), (100 + g % 9900)::numeric(16,2),
            ((100 + g % 9900) * 10)::numeric(28,8), 'seed', 'bench:' || g
     FROM generate_series(1, ?) AS g`,
    [ROWS],
  );
  await db.raw('VACUUM ANALYZE token_purchases');
}
await db.destroy();

const [apiPort, helloPort] = [await freePort(), await freePort()];
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
const api = startProcess('api', tsx, ['api/src/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(apiPort), DATABASE_URL: benchUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: 'bench', WEB_DIST: '/nonexistent' },
});
const hello = startProcess('hello', tsx, ['bench/peers/hello.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(helloPort) } });
try {
  await waitForHttp(`http://127.0.0.1:${apiPort}/readyz`, 60_000);
  await waitForHttp(`http://127.0.0.1:${helloPort}/`, 30_000);
  const randomId = () => `ADX${String(1 + Math.floor(Math.random() * ROWS)).padStart(7, '0')}`;
  const searchPath = () => `/api/ledger?search=${randomId()}&page=1&pageSize=50`;
  const pagePath = () => `/api/ledger?page=${1 + Math.floor(Math.random() * 200)}&pageSize=50`;
  // Warm up both servers (JIT, connection pools, Postgres buffers).
  await load('warmup', `http://127.0.0.1:${helloPort}/`, { durationS: 2 });
  await load('warmup', `http://127.0.0.1:${apiPort}`, { durationS: 3, path: searchPath });

  const peer = await load('fastify hello-world (peer)', `http://127.0.0.1:${helloPort}/`, { durationS: DURATION });
  const search = await load('ledger search + page of 50', `http://127.0.0.1:${apiPort}`, { durationS: DURATION, path: searchPath });
  const browse = await load('ledger page of 50, no search', `http://127.0.0.1:${apiPort}`, { durationS: DURATION, path: pagePath });

  const rows = [peer, search, browse].map((r) => ({
    scenario: r.name,
    'req/s': r.reqPerSec,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'ratio vs peer': `${((r.reqPerSec / peer.reqPerSec) * 100).toFixed(1)} %`,
    'non-2xx/errors': r.non2xx + r.errors,
  }));
  report('ledger', rows, [
    `${ROWS.toLocaleString()} ledger rows, 50 connections, ${DURATION} s per scenario, ${(await import('node:os')).cpus().length} cores shared by autocannon, the server and Postgres.`,
    `Target: search >= 30 % of peer req/s -> ${search.reqPerSec / peer.reqPerSec >= 0.3 ? 'met' : 'NOT met'}; p99 <= 20 ms -> ${search.p99 <= 20 ? 'met' : 'NOT met'}.`,
  ]);

  // The CSV export of every row: streamed, so the API's memory should stay flat; target >= 50 % of psql's COPY.
  const csv = await measureCsvExport(`http://127.0.0.1:${apiPort}`, api.child.pid!, benchUrl);
  report('ledger-csv', csv, [`Target: export >= 50 % of COPY rows/s, API memory flat (peak close to idle) -> judge from the table.`]);
} finally {
  await Promise.all([api.stop(), hello.stop()]);
  await close();
}
