/** The webhook bench's (d) floor peer: one `INSERT ... ON CONFLICT DO NOTHING` per event through `pg`. */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { paced, type Signed } from './stripe-events';

export interface FloorRun {
  rate: number;
  latencies: number[];
  lost: number;
  /** CPU ms of the bench process per event (the pg client side). */
  benchCpuPerEvent: number;
  /** CPU ms of the Postgres backends per event, as `pgCpuMs` measured it before the pool closed. */
  pgCpuPerEvent: number;
}

/**
 * The floor of any design that writes each event once: the signed event's payload inserted into an
 * inbox-shaped table (primary key, type, jsonb, received_at) at `rate`, open loop, over a small pool, from
 * the bench process; latency from the call to the INSERT's answer (it autocommits).
 */
export async function insertFloor(url: string, events: Signed[], rate: number, pgCpuMs: () => Promise<number>): Promise<FloorRun> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS bench_floor_events (id text PRIMARY KEY, type text NOT NULL, payload jsonb NOT NULL, received_at timestamptz NOT NULL DEFAULT now())');
    const latencies: number[] = [];
    let lost = 0;
    const cpu0 = process.cpuUsage();
    const inflight: Array<Promise<void>> = [];
    const achieved = await paced(events.length, rate, (i) => {
      const e = events[i]!;
      const t0 = performance.now();
      inflight.push(
        pool.query('INSERT INTO bench_floor_events (id, type, payload) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [e.id, 'checkout.session.completed', e.payload]).then(
          () => void latencies.push(performance.now() - t0),
          () => void lost++,
        ),
      );
    });
    await Promise.all(inflight);
    await sleep(10);
    const cpu = process.cpuUsage(cpu0);
    const pgMs = await pgCpuMs(); // before pool.end(): its backends exit with it
    return { rate: achieved, latencies, lost, benchCpuPerEvent: (cpu.user + cpu.system) / 1000 / events.length, pgCpuPerEvent: pgMs / events.length };
  } finally {
    await pool.end();
  }
}
