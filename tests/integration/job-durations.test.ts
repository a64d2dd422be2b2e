import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { JobDurationRecorder, renderJobDurations } from '@app/common/server/metrics';
import { testRedisPrefix } from '../helpers/db';

const prefix = testRedisPrefix();
const redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 3 });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** The value of one series of the rendered exposition text. */
function series(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  if (!line) throw new Error(`no ${name}{${labels}} in:\n${text}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('the job-duration histogram kept in Redis', () => {
  it('renders cumulative buckets, +Inf, the count and the sum from runs recorded by two workers', async () => {
    const failures: Error[] = [];
    const a = new JobDurationRecorder(redis, prefix, (err) => failures.push(err));
    const b = new JobDurationRecorder(redis, prefix, (err) => failures.push(err));
    // On a bucket's bound, between bounds, past the last bound; one failed run, on another queue's histogram too.
    for (const s of [0.005, 0.02, 0.02, 0.7]) a.record('ledger', 'completed', s);
    b.record('ledger', 'completed', 400);
    b.record('ledger', 'failed', 0.05);
    b.record('mail', 'completed', 3);
    await Promise.all([a.flush(), b.flush()]);
    expect(failures).toEqual([]);

    const text = await renderJobDurations(redis, prefix);
    const bucket = (queue: string, status: string, le: string) => series(text, 'bullmq_job_duration_seconds_bucket', `queue="${queue}",status="${status}",le="${le}"`);
    const ledger = (le: string) => bucket('ledger', 'completed', le);
    expect([ledger('0.005'), ledger('0.01'), ledger('0.025'), ledger('0.5'), ledger('1'), ledger('300'), ledger('+Inf')]).toEqual([1, 1, 3, 3, 4, 4, 5]);
    expect(series(text, 'bullmq_job_duration_seconds_count', 'queue="ledger",status="completed"')).toBe(5);
    expect(series(text, 'bullmq_job_duration_seconds_sum', 'queue="ledger",status="completed"')).toBeCloseTo(400.745, 6);
    expect([bucket('ledger', 'failed', '0.025'), bucket('ledger', 'failed', '0.05'), bucket('ledger', 'failed', '+Inf')]).toEqual([0, 1, 1]);
    expect([bucket('mail', 'completed', '2.5'), bucket('mail', 'completed', '5'), bucket('mail', 'completed', '+Inf')]).toEqual([0, 1, 1]);
    expect(bucket('recordings', 'completed', '+Inf')).toBe(0);
    // Every bucket series is non-decreasing in le, as Prometheus requires of a histogram.
    for (const [queue, status] of [['ledger', 'completed'], ['ledger', 'failed'], ['mail', 'completed']] as const) {
      const values = [...text.matchAll(new RegExp(`^bullmq_job_duration_seconds_bucket\\{queue="${queue}",status="${status}",le="[^"]+"\\} (\\S+)$`, 'gm'))].map((m) => Number(m[1]));
      expect(values.length).toBe(15);
      expect(values).toEqual([...values].sort((x, y) => x - y));
    }
  });
});
