// Benchmark: the transparency log at 1,000,000 ledger rows (docs/ledger-transparency.md). Seeds the rows through
// appendToLog in transactions of 100,000 (the append rate is reported: appends are batched, one lock and one
// multi-row INSERT per batch), then loads GET /api/ledger/proof/inclusion for random rows of the 1,000,000-row tree
// and GET /api/ledger/proof/consistency between random sizes, against a bare Fastify hello-world measured in the same
// run. Target: inclusion proof p99 <= 20 ms. 10 connections, autocannon, everything on this machine; the database is
// kept (BENCH_PROOFS_DB) so a second run skips the seeding. BENCH_DURATION_S shortens a run.
import { loadavg } from 'node:os';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { benchDatabase, emptyLedger } from './lib/database';
import { load, report, type LoadResult } from './lib/harness';
import { apiBesidePeer } from './lib/processes';

const ROWS = 1_000_000;
const BATCH = 100_000;
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;
const TARGET_P99_MS = 20;
const log = (m: string) => console.log(`[bench:ledger-proofs] ${m}`);

const { services, url: benchUrl, db, close } = await benchDatabase(process.env.BENCH_PROOFS_DB ?? 'adx_bench_proofs', log, { fresh: false });
const size = async () => Number(((await db('ledger_log_head').first('size')) as { size: string }).size);
if ((await size()) !== ROWS) {
  log(`seeding ${ROWS.toLocaleString()} ledger rows through appendToLog, ${BATCH.toLocaleString()} a transaction...`);
  await emptyLedger(db);
  let appendMs = 0;
  for (let from = 0; from < ROWS; from += BATCH) {
    await db.transaction(async (trx) => {
      await trx.raw(
        `INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source)
         SELECT 'ADX' || lpad(g::text, 7, '0'), date '2024-01-01' + (g % 700), (100 + g % 9900)::numeric(16,2), ((100 + g % 9900) * 10)::numeric(28,8), 'seed'
         FROM generate_series(?::int, ?::int) AS g`,
        [from + 1, from + BATCH],
      );
      const started = performance.now();
      await appendToLog(trx);
      appendMs += performance.now() - started;
    });
  }
  log(`appended ${ROWS.toLocaleString()} leaves in ${(appendMs / 1000).toFixed(1)} s (${Math.round(ROWS / (appendMs / 1000)).toLocaleString()} rows/s)`);
  await db.raw('VACUUM ANALYZE ledger_tree, ledger_log, token_purchases');
}

const stack = await apiBesidePeer(benchUrl, services.redisUrl);
let failed = false;
try {
  const base = `${stack.api}`;
  const random = (n: number) => Math.floor(Math.random() * n);
  const inclusion = () => ({ path: `/api/ledger/proof/inclusion?index=${random(ROWS)}&size=${ROWS}` });
  const consistency = () => {
    const from = 1 + random(ROWS - 1);
    return { path: `/api/ledger/proof/consistency?from=${from}&to=${ROWS}` };
  };
  const sample = await fetch(`${base}${inclusion().path}`);
  log(`an inclusion proof: ${sample.status}, ${((await sample.json()) as { proof: string[] }).proof.length} hashes`);

  log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  await load('warmup', stack.peer, { durationS: 2, connections: CONNECTIONS });
  await load('warmup', base, { durationS: 3, connections: CONNECTIONS, request: inclusion });
  const peer = await load('fastify hello-world (peer)', stack.peer, { durationS: DURATION, connections: CONNECTIONS });
  const inc = await load(`inclusion proof, random row of ${ROWS.toLocaleString()}`, base, { durationS: DURATION, connections: CONNECTIONS, request: inclusion });
  const cons = await load(`consistency proof, random size to ${ROWS.toLocaleString()}`, base, { durationS: DURATION, connections: CONNECTIONS, request: consistency });
  const row = (r: LoadResult, target: string) => ({ scenario: r.name, 'req/s': r.reqPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors, target });
  report('ledger-proofs', [row(peer, 'peer'), row(inc, inc.p99 <= TARGET_P99_MS ? `p99 <= ${TARGET_P99_MS} ms: pass` : `p99 <= ${TARGET_P99_MS} ms: FAIL`), row(cons, 'reported')], [
    `${CONNECTIONS} connections, ${DURATION} s each; load average after: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}. Targets hold on a quiet machine only.`,
  ]);
  failed = inc.p99 > TARGET_P99_MS || inc.non2xx > 0 || cons.non2xx > 0;
} finally {
  await stack.stop();
  await db.destroy();
  await close();
}
process.exit(failed ? 1 : 0);
