import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { QUEUE_NAMES, type QueueName } from '../jobs';

/**
 * Process-wide metrics (one per process, whatever number of apps it builds): the Node.js defaults and
 * the studio's ingest figures. The studio's ingest code increments these two objects; the API's
 * /metrics renders this registry together with its own.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** What runs before a scrape reads the studio's figures: the ingest process reports its own then. */
const ingestReporters = new Set<() => Promise<void>>();
let reporting: Promise<void> | undefined;
const collectIngest = (): Promise<void> =>
  (reporting ??= Promise.all([...ingestReporters].map((report) => report())).then(
    () => {
      reporting = undefined;
    },
    () => {
      reporting = undefined;
    },
  ));

/** Registers a report of the ingest figures to run before each scrape; returns its removal. */
export function reportIngestOnScrape(report: () => Promise<void>): () => void {
  ingestReporters.add(report);
  return () => ingestReporters.delete(report);
}

/** Bytes of studio media received by this API process over the ingest WebSocket (increment by chunk size). */
export const studioIngestBytes = new Counter({
  name: 'studio_ingest_bytes_total',
  help: 'Bytes of studio media received over the ingest WebSocket',
  registers: [processRegistry],
  collect: collectIngest,
});

/** Open studio ingest WebSockets on this API process (inc on open, dec on close). */
export const studioIngestSockets = new Gauge({
  name: 'studio_ingest_sockets',
  help: 'Studio ingest WebSockets open on this process',
  registers: [processRegistry],
  collect: collectIngest,
});

/**
 * Job durations are recorded by the workers into Redis, not on a worker metrics port: every worker
 * replica adds to the same counters, the API's /metrics renders them, and Prometheus needs one scrape
 * target (the API behind the proxy) however many workers run or restart. Each key is a hash per queue of
 * how many runs fell in each bucket (not at or below it: one field per run instead of one per bucket at or
 * above it), plus the count and the sum; the render cumulates them. A Redis flush resets them, which
 * Prometheus treats as a counter reset, as it does the change from the cumulative hashes once kept under
 * `metrics:job_duration:` (left unread).
 */
const JOB_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300] as const;
export type JobOutcome = 'completed' | 'failed';

function jobDurationKey(redisPrefix: string, queue: QueueName): string {
  return `${redisPrefix}:metrics:job_runs:${queue}`;
}

/**
 * Adds jobs' run times to their queues' histograms in Redis. Run times recorded while a write is on its way
 * are summed and sent together in the next one (one MULTI for many jobs under load, at once when idle): a
 * MULTI of up to 16 commands per job was a large share of the worker's and Redis's CPU per ledger.record job; now
 * a job adds three fields (its bucket, the count and the sum).
 */
export class JobDurationRecorder {
  private pending = new Map<string, Map<string, number>>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly redisPrefix: string,
    private readonly onError: (err: Error) => void,
  ) {}

  /** One job's run time (seconds). */
  record(queue: QueueName, outcome: JobOutcome, seconds: number): void {
    const key = jobDurationKey(this.redisPrefix, queue);
    let fields = this.pending.get(key);
    if (!fields) this.pending.set(key, (fields = new Map()));
    const add = (field: string, v: number) => fields.set(field, (fields.get(field) ?? 0) + v);
    const le = JOB_DURATION_BUCKETS.find((b) => seconds <= b);
    if (le !== undefined) add(`${outcome}:${le}`, 1);
    add(`${outcome}:count`, 1);
    add(`${outcome}:sum`, seconds);
    if (!this.writing) this.writing = this.write();
  }

  /** Resolves once everything recorded so far is in Redis (or failed to get there). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    await new Promise((r) => setImmediate(r)); // let the jobs finishing in this turn join
    while (this.pending.size) {
      const batch = this.pending;
      this.pending = new Map();
      const multi = this.redis.multi();
      for (const [key, fields] of batch) {
        for (const [field, v] of fields) {
          if (field.endsWith(':sum')) multi.hincrbyfloat(key, field, v);
          else multi.hincrby(key, field, v);
        }
      }
      await multi.exec().catch((err: Error) => this.onError(err));
    }
    this.writing = null;
  }
}

/** The job-duration histograms of every queue in Prometheus text format (read at scrape time). */
export async function renderJobDurations(redis: Redis, redisPrefix: string): Promise<string> {
  const lines = [
    '# HELP bullmq_job_duration_seconds Time a job ran in a worker (any replica), by queue and outcome',
    '# TYPE bullmq_job_duration_seconds histogram',
  ];
  for (const queue of QUEUE_NAMES) {
    const h = await redis.hgetall(jobDurationKey(redisPrefix, queue));
    for (const outcome of ['completed', 'failed'] as const) {
      const labels = `queue="${queue}",status="${outcome}"`;
      const count = Number(h[`${outcome}:count`] ?? 0);
      let atOrBelow = 0;
      for (const le of JOB_DURATION_BUCKETS) {
        atOrBelow += Number(h[`${outcome}:${le}`] ?? 0);
        lines.push(`bullmq_job_duration_seconds_bucket{${labels},le="${le}"} ${atOrBelow}`);
      }
      lines.push(`bullmq_job_duration_seconds_bucket{${labels},le="+Inf"} ${count}`);
      lines.push(`bullmq_job_duration_seconds_sum{${labels}} ${Number(h[`${outcome}:sum`] ?? 0)}`);
      lines.push(`bullmq_job_duration_seconds_count{${labels}} ${count}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
