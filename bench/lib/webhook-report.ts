/**
 * The webhook bench's table and notes: every scenario's rate, latency against its peer, CPU per event and whether
 * its target is met. `webhookReport` also says whether the run is sound (every row and job accounted for).
 */
import os from 'node:os';
import type { FloorRun } from './burst';
import { quantile, report, type LoadResult } from './harness';

type Accepted = LoadResult & { inboxAdded: number; cpu: string };
type Drained = { perS: number; events: number; seconds: number };
type RowRun = { rate: number; rows: number[]; http: number[]; missing: number; cpu: string };

export interface WebhookFigures {
  settings: { rate: number; durationS: number; warmupS: number; burstRate: number; burstS: number; burstBacklog: number; connections: number };
  aloneRun: Accepted;
  withWorker: Accepted;
  repeats: number;
  drained: Drained;
  drainedCpu: string;
  drained2: Drained;
  ledgerRowsForOne: number;
  peer: { rate: number; latencies: number[]; lost: number; cpuPerJob: string };
  pipeline: RowRun;
  non200: number;
  floor: FloorRun;
  burst: RowRun;
  paidDrain: Drained;
  paidCpu: { api: number; worker: number; pg: number };
  backlogRows: number;
}

/** Prints and saves the figures; returns false when the run lost something (a row, a job, an answer). */
export function webhookReport(f: WebhookFigures): boolean {
  const { aloneRun, withWorker, repeats, drained, drainedCpu, drained2, ledgerRowsForOne, peer, pipeline, non200, floor, burst, paidDrain, paidCpu, backlogRows } = f;
  const s = f.settings;
  const paidTotal = paidCpu.api + paidCpu.worker + paidCpu.pg;
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
  const peerP50 = quantile(peer.latencies, 0.5);
  const peerP99 = quantile(peer.latencies, 0.99);
  const rowP50 = quantile(pipeline.rows, 0.5);
  const rowP99 = quantile(pipeline.rows, 0.99);
  const rows = [
    {
      scenario: `BullMQ bare add -> completed, no-op (peer) @ ${s.rate}/s`,
      'rate /s': Math.round(peer.rate),
      'p50 ms': ms(peerP50),
      'p99 ms': ms(peerP99),
      'vs peer (p50 / p99)': '1 / 1',
      'CPU ms/event api / worker / pg': `bench process ${peer.cpuPerJob}`,
      target: '',
    },
    {
      scenario: `webhook sent -> ledger row committed @ ${s.rate}/s`,
      'rate /s': Math.round(pipeline.rate),
      'p50 ms': ms(rowP50),
      'p99 ms': ms(rowP99),
      'vs peer (p50 / p99)': `${(rowP50 / peerP50).toFixed(1)}x / ${(rowP99 / peerP99).toFixed(1)}x`,
      'CPU ms/event api / worker / pg': pipeline.cpu,
      target: `p99 <= 250 ms: ${rowP99 <= 250 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `  of which the webhook's HTTP answer @ ${s.rate}/s`,
      'rate /s': Math.round(pipeline.rate),
      'p50 ms': ms(quantile(pipeline.http, 0.5)),
      'p99 ms': ms(quantile(pipeline.http, 0.99)),
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': '',
      target: '',
    },
    {
      scenario: `webhooks accepted, API alone (${s.connections} connections)`,
      'rate /s': aloneRun.reqPerSec,
      'p50 ms': aloneRun.p50,
      'p99 ms': aloneRun.p99,
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': aloneRun.cpu,
      target: `>= 1,000/s: ${aloneRun.reqPerSec >= 1000 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `webhooks accepted, worker draining alongside (${s.connections} connections)`,
      'rate /s': withWorker.reqPerSec,
      'p50 ms': withWorker.p50,
      'p99 ms': withWorker.p99,
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': withWorker.cpu,
      target: `>= 1,000/s: ${withWorker.reqPerSec >= 1000 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: 'worker drain of the (a1) backlog, ledger.record jobs',
      'rate /s': Math.round(drained.perS),
      'p50 ms': '',
      'p99 ms': '',
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': drainedCpu,
      target: '',
    },
  ];
  const burstP99 = quantile(burst.rows, 0.99);
  const floorP99 = quantile(floor.latencies, 0.99);
  rows.push(
    {
      scenario: `(d) floor peer: pg INSERT ... ON CONFLICT DO NOTHING @ ${s.burstRate}/s`,
      'rate /s': Math.round(floor.rate),
      'p50 ms': ms(quantile(floor.latencies, 0.5)),
      'p99 ms': ms(floorP99),
      'vs peer (p50 / p99)': '1 / 1',
      'CPU ms/event api / worker / pg': `bench process ${floor.benchCpuPerEvent.toFixed(2)} / pg ${floor.pgCpuPerEvent.toFixed(2)}`,
      target: '',
    },
    {
      scenario: `(d) burst: webhook sent -> ledger row committed @ ${s.burstRate}/s for ${s.burstS} s`,
      'rate /s': Math.round(burst.rate),
      'p50 ms': ms(quantile(burst.rows, 0.5)),
      'p99 ms': ms(burstP99),
      'vs peer (p50 / p99)': `${(quantile(burst.rows, 0.5) / quantile(floor.latencies, 0.5)).toFixed(1)}x / ${(burstP99 / floorP99).toFixed(1)}x`,
      'CPU ms/event api / worker / pg': burst.cpu,
      target: `p99 <= 250 ms, 0 missing: ${burstP99 <= 250 && burst.missing === 0 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `(d) worker drain of ${s.burstBacklog} paid events (each its own ledger row)`,
      'rate /s': Math.round(paidDrain.perS),
      'p50 ms': '',
      'p99 ms': '',
      'vs peer (p50 / p99)': '',
      'CPU ms/event api / worker / pg': `${[paidCpu.api, paidCpu.worker, paidCpu.pg].map((v) => v.toFixed(2)).join(' / ')} = ${paidTotal.toFixed(2)}`,
      target: `>= 1,500/s: ${paidDrain.perS >= 1500 ? 'met' : 'NOT met'}; <= 2 ms CPU: ${paidTotal <= 2 ? 'met' : 'NOT met'}`,
    },
  );
  report('webhooks', rows, [
    `${os.cpus().length} cores shared by autocannon / the bench process, the API, the worker, Postgres and Redis; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
    `(a) ${s.durationS} s per run after a ${s.warmupS} s warm-up, every request a distinct pre-signed event (${repeats} repeats); inbox rows added: API alone ${aloneRun.inboxAdded} (2xx ${aloneRun.requests - aloneRun.non2xx - aloneRun.errors}), with the worker ${withWorker.inboxAdded}; non-2xx/errors ${aloneRun.non2xx + aloneRun.errors} / ${withWorker.non2xx + withWorker.errors}.`,
    `    Backlog drains: ${drained.events} events in ${drained.seconds.toFixed(1)} s after (a1), ${drained2.events} in ${drained2.seconds.toFixed(1)} s after (a2); ledger rows for the one donation all those events pay: ${ledgerRowsForOne}.`,
    `(b) ${pipeline.rows.length} events over ${s.durationS} s, ${pipeline.missing} rows missing after 60 s, ${non200} non-200 answers ((b) and (d)); (c) ${peer.latencies.length} jobs, ${peer.lost} lost.`,
    `(d) burst: ${burst.rows.length} rows, ${burst.missing} missing after 60 s; floor: ${floor.latencies.length} inserts, ${floor.lost} failed; paid backlog: ${backlogRows} of ${s.burstBacklog} ledger rows, ${paidDrain.events} events drained in ${paidDrain.seconds.toFixed(1)} s (clock from the first applied); its CPU = accepting (per accepted event) + draining (per drained event).`,
  ]);
  return !(ledgerRowsForOne !== 1 || pipeline.missing > 0 || burst.missing > 0 || backlogRows !== s.burstBacklog || non200 > 0 || peer.lost > 0 || floor.lost > 0);
}
