// Benchmark: what the transparency log costs a burst of payments. Scenario (d) of bench/webhooks.ts (a burst of
// BENCH_BURST_RATE (500) paid events/s for BENCH_BURST_S (30) s, each its own ledger row: event sent -> row committed;
// then a backlog of BENCH_BURST_BACKLOG (10,000) paid events accepted with the worker stopped and drained), run on
// the same code and database server with the log and without it, in alternating rounds (BENCH_ROUNDS, 3): "without"
// is a database of its own whose rows never join the log (bench/lib/webhook-stack.ts, `withoutLog`). Target: the
// burst's p99 and the drain rate no worse with the log than without it (ratios of the medians over the rounds).
import os from 'node:os';
import { quantile, report } from './lib/harness';
import { ledgerRowTimer, paidBacklog } from './lib/webhook-measures';
import { startWebhookStack, type WebhookStack } from './lib/webhook-stack';

const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 500);
const BURST_S = Number(process.env.BENCH_BURST_S ?? 30);
const BURST_BACKLOG = Number(process.env.BENCH_BURST_BACKLOG ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 2;
const CONNECTIONS = 50;
const log = (m: string) => console.log(`[bench:ledger-log-burst] ${m}`);

type Variant = { name: 'with the log' | 'without the log'; stack: WebhookStack; p99: number[]; drain: number[] };
const variants: Variant[] = [];
const rows: Array<Record<string, string | number>> = [];
let sound = true;
try {
  for (const [name, withoutLog] of [['with the log', false], ['without the log', true]] as const) {
    const stack = await startWebhookStack(withoutLog ? 'adx_bench_log_burst_off' : 'adx_bench_log_burst_on', log, { withoutLog });
    variants.push({ name, stack, p99: [], drain: [] });
    await stack.ready();
  }
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternate which goes first, so neither always runs on a machine the other just warmed or loaded.
    for (const v of r % 2 === 1 ? variants : [...variants].reverse()) {
      const load = os.loadavg()[0]!.toFixed(1);
      log(`round ${r}: ${v.name}, load average ${load}`);
      await v.stack.startWorker();
      const timer = await ledgerRowTimer(v.stack);
      await timer.run(WARMUP_S, BURST_RATE);
      await v.stack.drain('after the warm-up', 60_000);
      const burst = await timer.run(BURST_S, BURST_RATE);
      await v.stack.drain('after the burst', 120_000);
      await timer.end();
      const backlog = await paidBacklog(v.stack, BURST_BACKLOG, CONNECTIONS);
      await v.stack.stopWorker();
      const p99 = quantile(burst.rows, 0.99);
      v.p99.push(p99);
      v.drain.push(backlog.drain.perS);
      if (burst.missing > 0 || timer.non200 > 0 || backlog.non200 > 0 || backlog.rows !== BURST_BACKLOG) sound = false;
      const paid = backlog.cpu.api + backlog.cpu.worker + backlog.cpu.pg;
      rows.push({
        round: r,
        ledger: v.name,
        'load avg': load,
        'burst p50 ms': quantile(burst.rows, 0.5).toFixed(1),
        'burst p99 ms': p99.toFixed(1),
        'burst CPU ms/event api / worker / pg': burst.cpu,
        'drain /s': Math.round(backlog.drain.perS),
        'drain CPU ms/paid event': paid.toFixed(2),
        'missing / non-200 / backlog rows': `${burst.missing} / ${timer.non200 + backlog.non200} / ${backlog.rows}`,
      });
    }
  }
  const median = (xs: number[]) => quantile(xs, 0.5);
  const [on, off] = variants as [Variant, Variant];
  const p99Ratio = median(on.p99) / median(off.p99);
  const drainRatio = median(on.drain) / median(off.drain);
  report('ledger-log-burst', rows, [
    `Burst ${BURST_RATE} paid events/s for ${BURST_S} s after a ${WARMUP_S} s warm-up, then a backlog of ${BURST_BACKLOG} paid events; ${ROUNDS} rounds, alternating which goes first; each its own database on one Postgres server, fresh API and worker processes per round.`,
    `Medians over the rounds: burst p99 ${median(on.p99).toFixed(1)} ms with the log, ${median(off.p99).toFixed(1)} ms without (${p99Ratio.toFixed(2)}x); drain ${Math.round(median(on.drain))}/s with, ${Math.round(median(off.drain))}/s without (${drainRatio.toFixed(2)}x).`,
    `Target, no worse with the log than without: p99 ratio <= 1 ${p99Ratio <= 1 ? 'met' : 'NOT met'}, drain ratio >= 1 ${drainRatio >= 1 ? 'met' : 'NOT met'} (one round's noise on a shared machine is several percent either way).`,
    `${os.cpus().length} cores shared by the bench process, the API, the worker, Postgres and Redis; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
  ]);
  if (!sound) process.exitCode = 1;
} finally {
  for (const v of variants) await v.stack.stop([]);
}
