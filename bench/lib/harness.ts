import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../../scripts/lib/paths';
import { freePort } from '../../scripts/lib/proc';

export { freePort };


export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

/** One request of a load run, built just before it is sent. */
export interface RequestSpec {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * Runs autocannon against `url`; `path` may vary per request, or `request` may build each request
 * whole (method, path, body, headers: e.g. a different pre-signed webhook every time).
 */
export async function load(
  name: string,
  url: string,
  opts: { connections?: number; durationS?: number; path?: () => string; request?: () => RequestSpec } = {},
): Promise<LoadResult> {
  const pathFn = opts.path;
  const requestFn = opts.request;
  const setupRequest = requestFn
    ? (req: autocannon.Request) => {
        const r = requestFn();
        return { ...req, method: r.method ?? 'GET', path: r.path, body: r.body, headers: { ...req.headers, ...r.headers } };
      }
    : pathFn
      ? (req: autocannon.Request) => ({ ...req, path: pathFn() })
      : undefined;
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.durationS ?? 10,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** The q-quantile (0..1) of `values` (nearest rank); NaN when empty. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Prints a markdown table and saves the figures under bench/results/. */
export function report(bench: string, rows: Array<Record<string, string | number>>, notes: string[] = []): void {
  const headers = Object.keys(rows[0] ?? {});
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  console.log(`\n### ${bench}\n`);
  console.log(line(headers));
  console.log(line(headers.map(() => '---')));
  for (const r of rows) console.log(line(headers.map((h) => r[h] ?? '')));
  for (const n of notes) console.log(`\n${n}`);
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${bench}.json`), JSON.stringify({ bench, at: new Date().toISOString(), rows, notes }, null, 2));
}

/** Latency at a steady request rate, well below what the server can take: what one reader waits for. */
export interface RateResult {
  sent: number;
  /** Milliseconds from each request's write to its answer's end. */
  p50: number;
  p99: number;
  failed: number;
}

/**
 * Sends GET requests to `base` + `path()` at `ratePerS`, evenly spaced, for `durationS`, over at most `connections`
 * keep-alive connections, whether or not earlier answers have arrived (an open loop; autocannon's rate limit instead
 * sends each second's requests in one burst, and its histogram counts whole milliseconds). The loop sleeps on a timer
 * between sends rather than spinning, so the client leaves the cores it shares with the server alone.
 */
export async function loadAtRate(base: string, opts: { ratePerS: number; durationS: number; connections?: number; path: () => string }): Promise<RateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 50 });
  const total = Math.round(opts.ratePerS * opts.durationS);
  const gap = 1000 / opts.ratePerS;
  const latencies: number[] = [];
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const one = () =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const req = http.get(`${base}${opts.path()}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - sentAt);
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
    });
  const start = performance.now();
  for (let i = 0; i < total; ) {
    const now = performance.now();
    while (i < total && start + i * gap <= now) {
      const p = one().finally(() => inFlight.delete(p));
      inFlight.add(p);
      i++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, start + i * gap - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { sent: total, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), failed };
}
