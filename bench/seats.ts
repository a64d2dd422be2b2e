// Benchmark: seats that hold under a rush. Two real API processes (tsx) on one Postgres and one Redis, the local
// TEST MODE checkout (no Stripe): BENCH_SEAT_CALLS (500) Enroll calls at once, alternating between the two, each from
// its own address (X-Forwarded-For behind a trusted proxy, so the per-IP payment limit does not refuse them), for a
// cohort of BENCH_SEATS (25) seats.
//   (a) correctness: exactly BENCH_SEATS answers 200 (a held seat and a checkout), the rest 409 'This cohort is full',
//       and the cohort's counters agree (seats_held = seats, nothing over);
//   (b) latency of the rush: p50 / p99 / max of the seat-holding calls and of the refused ones, and its wall time;
//   (c) the peer, in the same run: the same number of concurrent GET /api/program (one read of the cohort each) on the
//       same two processes, the floor of a request that reads the row the Enroll calls contend for.
import { randomBytes } from 'node:crypto';
import { demoCohortInput } from '@app/common/server/program/demo-cohort';
import { insertCohort } from '@app/common/server/program/cohorts.repository';
import { waitForHttp } from '../scripts/lib/proc';
import { benchDatabase } from './lib/database';
import { freePort, quantile, report } from './lib/harness';
import { runTs } from './lib/processes';
import { deleteRedisPrefixes } from './lib/redis-keys';

const CALLS = Number(process.env.BENCH_SEAT_CALLS ?? 500);
const SEATS = Number(process.env.BENCH_SEATS ?? 25);
const log = (m: string) => console.log(`[bench:seats] ${m}`);

const { services, url, db, close } = await benchDatabase('adx_bench_seats', log, { fresh: true });
const prefix = `bench_seats_${randomBytes(3).toString('hex')}`;
const ports = [await freePort(), await freePort()];
const apis = ports.map((port, i) =>
  runTs(`api${i + 1}`, 'api/src/server.ts', {
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
);

/** `n` requests at once, alternating between the APIs, each from its own address; status and milliseconds of each. */
async function rush(n: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Array<{ status: number; ms: number; message: string }>> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${ports[i % 2]}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}`, origin: `http://127.0.0.1:${ports[i % 2]}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const message = res.ok ? '' : ((JSON.parse(text) as { message?: string }).message ?? '');
      return { status: res.status, ms: performance.now() - started, message };
    }),
  );
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
try {
  await Promise.all(ports.map((p) => waitForHttp(`http://127.0.0.1:${p}/readyz`, 60_000)));
  const cohort = await insertCohort(db, demoCohortInput(new Date(), { seats: SEATS }));
  await rush(20, 'GET', '/api/program'); // warm both processes

  log(`(a, b) ${CALLS} Enroll calls at once for ${SEATS} seats...`);
  const t0 = performance.now();
  const answers = await rush(CALLS, 'POST', '/api/payments/program', { kind: 'program' });
  const wall = performance.now() - t0;
  const held = answers.filter((a) => a.status === 200);
  const full = answers.filter((a) => a.status === 409 && a.message === 'This cohort is full');
  const other = answers.length - held.length - full.length;
  const counters = (await db('cohorts').where({ id: cohort.id }).first('seats_held', 'seats_taken', 'seats')) as { seats_held: number; seats_taken: number; seats: number };

  log(`(c) peer: ${CALLS} GET /api/program at once...`);
  const p0 = performance.now();
  const reads = await rush(CALLS, 'GET', '/api/program');
  const peerWall = performance.now() - p0;

  const row = (name: string, xs: number[], wallMs: number) => ({ calls: name, n: xs.length, 'p50 ms': ms(quantile(xs, 0.5)), 'p99 ms': ms(quantile(xs, 0.99)), 'max ms': ms(Math.max(...xs)), 'wall ms': ms(wallMs) });
  report(
    'seats',
    [row('Enroll, seat held', held.map((a) => a.ms), wall), row('Enroll, cohort full', full.map((a) => a.ms), wall), row('peer: GET /api/program', reads.map((a) => a.ms), peerWall)],
    [
      `Held ${held.length} of ${SEATS} seats (target: exactly ${SEATS}); ${full.length} told the cohort is full; ${other} other answers (target 0).`,
      `Counters after the rush: seats_held ${counters.seats_held}, seats_taken ${counters.seats_taken}, seats ${counters.seats}.`,
    ],
  );
  if (held.length !== SEATS || other !== 0 || counters.seats_held !== SEATS) process.exitCode = 1;
} finally {
  await Promise.all(apis.map((a) => a.stop()));
  await db.destroy();
  await deleteRedisPrefixes(services.redisUrl, [prefix]);
  await close();
}
