// Benchmark: the transparency log's own cost per ledger row, without the rest of the payment pipeline around it.
// Transactions that insert BENCH_APPEND_BATCH (100, a burst's batch) or 1 (a lone event's) ledger rows and call
// appendToLog, on two fresh databases of one Postgres server: one with the log, one whose rows never join it (its
// queueing trigger and deferred check dropped, as bench/lib/webhook-stack.ts does), in alternating rounds of
// BENCH_APPEND_ROWS (20,000) rows each. Reported: the Postgres backend's CPU (from /proc) and this process's CPU per
// row, and the wall time. The peer is the same transactions without the log; the difference is what the log costs.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Knex } from 'knex';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { benchDatabase, type BenchDatabase } from './lib/database';
import { report } from './lib/harness';

const ROWS = Number(process.env.BENCH_APPEND_ROWS ?? 20_000);
const BATCHES = [Number(process.env.BENCH_APPEND_BATCH ?? 100), 1];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (m: string) => console.log(`[bench:ledger-append] ${m}`);

/** User plus system CPU of a process so far, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let reference = 0;
/** Appends `rows` rows in transactions of `batch`; CPU and wall time per row, in µs. */
async function appendRows(db: Knex, rows: number, batch: number) {
  const pid = ((await db.raw('SELECT pg_backend_pid() AS pid')) as { rows: Array<{ pid: number }> }).rows[0]!.pid;
  const pg0 = cpuMs(pid);
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  for (let done = 0; done < rows; done += batch) {
    await db.transaction(async (trx) => {
      await trx.raw(
        `INSERT INTO token_purchases (investor_id, purchase_date, investment_amount_usd, tokens_to_be_distributed, source, payment_reference)
         SELECT 'ADXBENCH' || (g % 100), current_date, 100, 1000, 'donation', 'cs_append_' || (? + g) FROM generate_series(1, ?) g`,
        [reference, batch],
      );
      reference += batch;
      await appendToLog(trx);
    });
  }
  const node = process.cpuUsage(node0);
  const perRow = (ms: number) => (ms * 1000) / rows;
  return { wall: perRow(performance.now() - t0), pg: perRow(cpuMs(pid) - pg0), node: perRow((node.user + node.system) / 1000) };
}

const dbs: Array<{ name: string; bench: BenchDatabase }> = [];
const rows: Array<Record<string, string | number>> = [];
try {
  for (const [name, withoutLog] of [['with the log', false], ['without the log', true]] as const) {
    // One connection: the backend whose CPU is read is the one that runs the transactions.
    const bench = await benchDatabase(withoutLog ? 'adx_bench_append_off' : 'adx_bench_append_on', log, { fresh: true, poolMax: 1 });
    if (withoutLog) await bench.db.raw('DROP TRIGGER token_purchases_log_queue ON token_purchases; DROP TRIGGER token_purchases_log_appended ON token_purchases');
    await bench.db.raw(`INSERT INTO investors (investor_id) SELECT 'ADXBENCH' || g FROM generate_series(0, 99) g`);
    dbs.push({ name, bench });
  }
  for (const batch of BATCHES) {
    const count = batch === 1 ? Math.ceil(ROWS / 10) : ROWS;
    for (const d of dbs) await appendRows(d.bench.db, Math.min(count, 10 * batch), batch); // warm-up: prepared statements, caches
    const medians: Record<string, { pg: number[]; node: number[] }> = {};
    for (let r = 1; r <= ROUNDS; r++) {
      for (const d of r % 2 === 1 ? dbs : [...dbs].reverse()) {
        const load = os.loadavg()[0]!.toFixed(1);
        const x = await appendRows(d.bench.db, count, batch);
        (medians[d.name] ??= { pg: [], node: [] }).pg.push(x.pg);
        medians[d.name]!.node.push(x.node);
        rows.push({ batch, round: r, ledger: d.name, 'load avg': load, rows: count, 'Postgres CPU µs/row': x.pg.toFixed(1), 'Node CPU µs/row': x.node.toFixed(1), 'wall µs/row': x.wall.toFixed(1) });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const on = medians['with the log']!;
    const off = medians['without the log']!;
    log(`batch ${batch}: the log costs ${(median(on.pg) - median(off.pg)).toFixed(1)} µs of Postgres CPU and ${(median(on.node) - median(off.node)).toFixed(1)} µs of Node CPU per row (medians)`);
  }
  report('ledger-append', rows, [
    `Transactions of ${BATCHES.join(' and ')} ledger rows each, with appendToLog, on a database with the log and one without (its queueing trigger and deferred check dropped); ${ROUNDS} rounds alternating which goes first.`,
    `${os.cpus().length} cores; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
  ]);
} finally {
  for (const d of dbs) {
    await d.bench.db.destroy();
    await d.bench.close();
  }
}
