/**
 * Where an event's time goes between the webhook being sent and its ledger row being committed, from timestamps the
 * pipeline already keeps: the inbox row's received_at (its transaction's start), the BullMQ job's timestamp (added),
 * processedOn (picked by the worker) and finishedOn, the ledger row's created_at (the applying transaction's start),
 * beside the bench's own send, HTTP answer and commit (NOTIFY) times. Wall clocks of one machine; BullMQ keeps the
 * last `keepCompleted` jobs only, so the breakdown covers the round's last events.
 */
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { quantile } from './harness';

export interface EventTimes {
  session: string;
  eventId: string;
  sent: number;
  answered?: number;
  committed?: number;
}

const STAGES = [
  ['sent -> inbox transaction', 'sent', 'inbox'],
  ['inbox transaction -> job added', 'inbox', 'added'],
  ['job added -> HTTP answer', 'added', 'answered'],
  ['job added -> worker picks it', 'added', 'picked'],
  ['picked -> ledger transaction starts', 'picked', 'txn'],
  ['ledger transaction -> commit heard', 'txn', 'committed'],
  ['commit heard -> job finished', 'committed', 'finished'],
  ['sent -> commit heard (total)', 'sent', 'committed'],
] as const;

/** Rows for the report: each stage's p50 / p99, and its mean among the slowest 1 % of events (where the tail goes). */
export async function stageBreakdown(db: Knex, redisUrl: string, bullPrefix: string, events: EventTimes[]): Promise<Array<Record<string, string | number>>> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  try {
    const pipe = redis.pipeline();
    for (const e of events) pipe.hmget(`${bullPrefix}:ledger:${e.eventId}`, 'timestamp', 'processedOn', 'finishedOn');
    const jobs = ((await pipe.exec()) ?? []).map(([, v]) => v as Array<string | null>);
    const sessions = events.map((e) => e.session);
    const ledger = (await db('token_purchases').whereIn('payment_reference', sessions).select('payment_reference', db.raw('extract(epoch from created_at) * 1000 AS at'))) as Array<{ payment_reference: string; at: string }>;
    const inbox = (await db('stripe_events').whereIn('id', events.map((e) => e.eventId)).select('id', db.raw('extract(epoch from received_at) * 1000 AS at'))) as Array<{ id: string; at: string }>;
    const txnAt = new Map(ledger.map((r) => [r.payment_reference, Number(r.at)]));
    const inboxAt = new Map(inbox.map((r) => [r.id, Number(r.at)]));
    const times = events
      .map((e, i) => {
        const [added, picked, finished] = (jobs[i] ?? []).map((v) => (v ? Number(v) : undefined));
        return { sent: e.sent, answered: e.answered, committed: e.committed, inbox: inboxAt.get(e.eventId), added, picked, finished, txn: txnAt.get(e.session) };
      })
      .filter((t) => Object.values(t).every((v) => v !== undefined)) as Array<Record<(typeof STAGES)[number][1 | 2], number>>;
    if (times.length === 0) return [];
    const total = (t: (typeof times)[number]) => t.committed - t.sent;
    const slowest = [...times].sort((a, b) => total(b) - total(a)).slice(0, Math.max(1, Math.ceil(times.length / 100)));
    return STAGES.map(([stage, from, to]) => {
      const d = times.map((t) => t[to] - t[from]);
      const mean = slowest.reduce((s, t) => s + t[to] - t[from], 0) / slowest.length;
      return { stage, events: times.length, 'p50 ms': quantile(d, 0.5).toFixed(1), 'p99 ms': quantile(d, 0.99).toFixed(1), 'mean in slowest 1 % ms': mean.toFixed(1) };
    });
  } finally {
    redis.disconnect();
  }
}
