// Benchmark: seats that hold under a rush. Two real API processes (compiled, as production runs them) on one Postgres and one Redis, the local
// TEST MODE checkout (no Stripe): BENCH_SEAT_CALLS (500) Enroll calls at once, alternating between the two, each from
// its own address (X-Forwarded-For behind a trusted proxy, so the per-IP payment limit does not refuse them), for a
// cohort of BENCH_SEATS (25) seats.
//   (a) correctness: exactly BENCH_SEATS answers 200 (a held seat and a checkout), the rest 409 'This cohort is full',
//       and the cohort's counters agree (seats_held = seats, nothing over);
//   (b) latency of the rush: p50 / p99 / max of the seat-holding calls and of the refused ones, and its wall time;
//   (c) the peer, in the same run: the same number of concurrent GET /api/program (one read of the cohort each) on the
//       same two processes, the floor of a request that reads the row the Enroll calls contend for;
//   (d) the floor: the same rush on two bare node:http processes answering a constant (bench/peers/constant.ts), the
//       share of the client, the kernel and two processes' HTTP parsing, which no change to the API can remove.
// Each row also gives the CPU milliseconds per call of the two API processes and of the database's Postgres backends
// (Redis not counted): on a shared machine other tenants stretch the latencies much more than this cost.
// The client is node:http with one keep-alive connection per caller, opened before the measured rush (the people
// who click Enroll at once have the page open, so their browsers are connected already), and the processes first
// serve BENCH_SEAT_REHEARSALS (20) rehearsals of the same rush, each a read rush and an Enroll rush on a cohort of its
// own, closed afterwards, so the measured rush meets code as warm as a server that has been up serves it. V8 compiles
// a function to optimised code only once it has run often, in a thread that shares the 2 cores, and on this path that
// takes thousands of calls: with one rehearsal (the old setting) the API spent ~1.1 ms of CPU per Enroll, with twenty
// ~0.35 ms. The first rehearsal's Enroll rush, on a process just started, is reported as a row of its own (not the
// target): the rush right after a deploy. BENCH_SEAT_CONNECT=fresh: a new connection per call instead (no keep-alive).
// (fetch was the client before: its own JavaScript per call, ~3x node:http's, was most of the peer's figure.)
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { demoCohortInput } from '@app/common/server/program/demo-cohort';
import { insertCohort } from '@app/common/server/program/cohorts.repository';
import { ROOT } from '../scripts/lib/paths';
import { startProcess, waitForHttp } from '../scripts/lib/proc';
import { cpuSince, cpuSnapshot, processTree } from './lib/cpu';
import { benchDatabase } from './lib/database';
import { freePort, quantile, report } from './lib/harness';
import { runCompiledApi } from './lib/processes';
import { deleteRedisPrefixes } from './lib/redis-keys';

const CALLS = Number(process.env.BENCH_SEAT_CALLS ?? 500);
const SEATS = Number(process.env.BENCH_SEATS ?? 25);
const FRESH = process.env.BENCH_SEAT_CONNECT === 'fresh';
const REHEARSALS = Math.max(1, Number(process.env.BENCH_SEAT_REHEARSALS ?? 20));
const log = (m: string) => console.log(`[bench:seats] ${m}`);

const { services, url, db, close } = await benchDatabase('adx_bench_seats', log, { fresh: true });
const prefix = `bench_seats_${randomBytes(3).toString('hex')}`;
const ports = [await freePort(), await freePort()];
const apis = await Promise.all(
  ports.map((port, i) =>
    runCompiledApi(`api${i + 1}`, {
      ...process.env,
      DATABASE_URL: url,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
    }),
  ),
);

interface Answer {
  status: number;
  ms: number;
  message: string;
}

/** One call on `agent`: its status, its milliseconds until the whole body arrived, and a refusal's message. */
function call(agent: http.Agent, port: number, method: 'GET' | 'POST', urlPath: string, address: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': address, origin: `http://127.0.0.1:${port}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const status = res.statusCode ?? 0;
        const message = status >= 200 && status < 300 ? '' : ((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string }).message ?? '');
        resolve({ status, ms, message });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Clients of a pair of processes: one agent per port, keeping each caller's connection open between rushes. */
function clientsOf(targetPorts: number[]): { rush: (n: number, method: 'GET' | 'POST', urlPath: string, body?: unknown) => Promise<Answer[]>; close: () => void } {
  const agents = targetPorts.map(() => new http.Agent({ keepAlive: !FRESH, maxSockets: Infinity }));
  let round = 0;
  return {
    /** `n` requests at once, alternating between the processes, each from its own address (new ones every rush). */
    rush(n, method, urlPath, body) {
      const r = round++;
      return Promise.all(Array.from({ length: n }, (_, i) => call(agents[i % 2]!, targetPorts[i % 2]!, method, urlPath, `10.${(77 + r) & 255}.${(i >> 8) & 255}.${i & 255}`, body)));
    },
    close: () => agents.forEach((a) => a.destroy()),
  };
}

/** CPU from now on of the API processes and the bench database's Postgres backends, per call of a rush of `n`. */
async function cpuMeter(n: number): Promise<() => Promise<{ api: number; pg: number }>> {
  const pgPids = async () => ((await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')) as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
  const apiPids = () => apis.flatMap((a) => processTree(a.child.pid!));
  const before = { api: cpuSnapshot(apiPids()), pg: cpuSnapshot(await pgPids()) };
  return async () => ({ api: cpuSince(before.api, apiPids()) / n, pg: cpuSince(before.pg, await pgPids()) / n });
}

const client = clientsOf(ports);
const { rush } = client;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
try {
  await Promise.all(ports.map((p) => waitForHttp(`http://127.0.0.1:${p}/readyz`, 60_000)));
  // The rehearsals: each the whole rush on a cohort of its own, closed afterwards, so every one holds seats too (the
  // measured cohort is the next open one). The first one's Enroll figures are the cold process's.
  let cold: { answers: Answer[]; wall: number; cpu: { api: number; pg: number } } | undefined;
  const rehearsalCpu: number[] = [];
  for (let i = 0; i < REHEARSALS; i++) {
    const rehearsal = await insertCohort(db, demoCohortInput(new Date(), { number: 100 + i, seats: SEATS }));
    await rush(CALLS, 'GET', '/api/program');
    const meter = await cpuMeter(CALLS);
    const r0 = performance.now();
    const answers = await rush(CALLS, 'POST', '/api/payments/program', { kind: 'program' });
    const wall = performance.now() - r0;
    const use = await meter();
    cold ??= { answers, wall, cpu: use };
    rehearsalCpu.push(use.api);
    await db('cohorts').where({ id: rehearsal.id }).update({ enrolment_closes_at: new Date(Date.now() - 1000) });
  }
  const cohort = await insertCohort(db, demoCohortInput(new Date(), { seats: SEATS }));

  log(`(a, b) ${CALLS} Enroll calls at once for ${SEATS} seats...`);
  const enrollCpu = await cpuMeter(CALLS);
  const t0 = performance.now();
  const answers = await rush(CALLS, 'POST', '/api/payments/program', { kind: 'program' });
  const wall = performance.now() - t0;
  const enrollUse = await enrollCpu();
  const held = answers.filter((a) => a.status === 200);
  const full = answers.filter((a) => a.status === 409 && a.message === 'This cohort is full');
  const other = answers.length - held.length - full.length;
  const counters = (await db('cohorts').where({ id: cohort.id }).first('seats_held', 'seats_taken', 'seats')) as { seats_held: number; seats_taken: number; seats: number };

  log(`(c) peer: ${CALLS} GET /api/program at once...`);
  const peerCpu = await cpuMeter(CALLS);
  const p0 = performance.now();
  const reads = await rush(CALLS, 'GET', '/api/program');
  const peerWall = performance.now() - p0;
  const peerUse = await peerCpu();
  client.close();

  log(`(d) floor: ${CALLS} calls at once on two bare node:http processes...`);
  const floorPorts = [await freePort(), await freePort()];
  const bare = floorPorts.map((port, i) => startProcess(`bare${i + 1}`, process.execPath, ['--import', 'tsx', 'bench/peers/constant.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port) } }));
  let floor: Answer[];
  let floorWall: number;
  try {
    await Promise.all(floorPorts.map((p) => waitForHttp(`http://127.0.0.1:${p}/`, 30_000)));
    const bareClient = clientsOf(floorPorts);
    await bareClient.rush(CALLS, 'POST', '/', { kind: 'program' }); // the same rehearsal: connections open, code warm
    const f0 = performance.now();
    floor = await bareClient.rush(CALLS, 'POST', '/', { kind: 'program' });
    floorWall = performance.now() - f0;
    bareClient.close();
  } finally {
    await Promise.all(bare.map((b) => b.stop()));
  }

  const row = (name: string, xs: number[], wallMs: number) => ({ calls: name, n: xs.length, 'p50 ms': ms(quantile(xs, 0.5)), 'p99 ms': ms(quantile(xs, 0.99)), 'max ms': ms(Math.max(...xs)), 'wall ms': ms(wallMs) });
  const cpu = (use: { api: number; pg: number }) => `API ${use.api.toFixed(2)} ms, Postgres ${use.pg.toFixed(2)} ms`;
  report(
    'seats',
    [
      row('Enroll, seat held', held.map((a) => a.ms), wall),
      row('Enroll, cohort full', full.map((a) => a.ms), wall),
      row('peer: GET /api/program', reads.map((a) => a.ms), peerWall),
      row('floor: bare node:http, a constant', floor.map((a) => a.ms), floorWall),
      row('first rehearsal (process just started, not the target): Enroll, seat held', cold!.answers.filter((a) => a.status === 200).map((a) => a.ms), cold!.wall),
    ],
    [
      `Rehearsals: ${REHEARSALS}; API CPU per Enroll in them, first to last: ${rehearsalCpu.map((c) => c.toFixed(2)).join(', ')} ms (the first rehearsal: ${cpu(cold!.cpu)}).`,
      `Held ${held.length} of ${SEATS} seats (target: exactly ${SEATS}); ${full.length} told the cohort is full; ${other} other answers (target 0).`,
      `Counters after the rush: seats_held ${counters.seats_held}, seats_taken ${counters.seats_taken}, seats ${counters.seats}.`,
      `CPU per call: the Enroll rush ${cpu(enrollUse)}; the peer's ${cpu(peerUse)}.`,
      `Connections: ${FRESH ? 'a new one per call (BENCH_SEAT_CONNECT=fresh)' : 'one keep-alive connection per caller, opened by the rehearsal'}. Seat held p99 ÷ floor p99: ${(quantile(held.map((a) => a.ms), 0.99) / quantile(floor.map((a) => a.ms), 0.99)).toFixed(1)}×.`,
    ],
  );
  if (held.length !== SEATS || other !== 0 || counters.seats_held !== SEATS) process.exitCode = 1;
} finally {
  client.close();
  await Promise.all(apis.map((a) => a.stop()));
  await db.destroy();
  await deleteRedisPrefixes(services.redisUrl, [prefix]);
  await close();
}
