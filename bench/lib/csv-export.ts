// The ledger's CSV export measured against `COPY (same query) TO STDOUT` through psql in the same run:
// rows/s of each and the API's peak memory (RSS of its process tree, sampled) while it streams.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** RSS in bytes of a process and all its descendants (tsx runs the API in a child node process). */
function treeRss(pid: number): number {
  let total = 0;
  try {
    total = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += treeRss(Number(task));
  } catch {
    // the process ended between two reads
  }
  return total;
}

/** Counts the lines of a byte stream without keeping it. */
async function countLines(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let lines = 0;
  for await (const chunk of stream) for (const byte of chunk) if (byte === 10) lines++;
  return lines;
}

const MB = 1024 * 1024;

/** Downloads GET /api/ledger/export.csv (every row) while sampling the API's memory; then psql's COPY of the same query. */
export async function measureCsvExport(apiUrl: string, apiPid: number, databaseUrl: string): Promise<Array<Record<string, string | number>>> {
  const before = treeRss(apiPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(apiPid))), 25);
  const started = performance.now();
  const res = await fetch(`${apiUrl}/api/ledger/export.csv`);
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  const apiRows = (await countLines(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>))) - 1;
  const apiSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  // The same rows, columns and order the API's export reads (common/src/server/csv-export.ts).
  const copy = `\\copy (SELECT t.investor_id, t.purchase_date, t.investment_amount_usd, t.tokens_to_be_distributed, CASE WHEN t.reverses_id IS NOT NULL THEN 'reversal' WHEN EXISTS (SELECT 1 FROM token_purchases r WHERE r.reverses_id = t.id) THEN 'refunded purchase' ELSE 'purchase' END FROM token_purchases t ORDER BY t.purchase_date DESC, t.created_at DESC, t.id DESC) TO STDOUT WITH (FORMAT csv, HEADER)`;
  const psqlStarted = performance.now();
  const psql = spawn('psql', [databaseUrl, '-X', '-q', '-c', copy], { stdio: ['ignore', 'pipe', 'inherit'] });
  const psqlRows = (await countLines(psql.stdout)) - 1;
  const psqlSeconds = (performance.now() - psqlStarted) / 1000;
  const apiRate = apiRows / apiSeconds;
  const psqlRate = psqlRows / psqlSeconds;
  return [
    { scenario: 'psql COPY ... TO STDOUT (peer)', rows: psqlRows, 'rows/s': Math.round(psqlRate), 'ratio vs peer': '100.0 %', 'API peak RSS MB': '-' },
    {
      scenario: 'GET /api/ledger/export.csv',
      rows: apiRows,
      'rows/s': Math.round(apiRate),
      'ratio vs peer': `${((apiRate / psqlRate) * 100).toFixed(1)} %`,
      'API peak RSS MB': `${(peak / MB).toFixed(0)} (idle ${(before / MB).toFixed(0)})`,
    },
  ];
}
