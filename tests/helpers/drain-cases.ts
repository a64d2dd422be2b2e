// The drain test's load (drain.test.ts) is a list of DrainCase: each prepares its data, sends its requests one at a
// time through `send` (which retries refused connections), and verifies its effects at the end. The studio case
// streams a take over the ingest WebSocket through the restart.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Job, Queue } from 'bullmq';
import WebSocket from 'ws';
import { createStudioCredential, issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { INGEST_PATH, STUDIO_API, type TStudioTake } from '@app/common/studio';
import { ingestUrl, type IngestSocket } from '../../web/src/features/studio/ingest-connection';
import { StudioUploader } from '../../web/src/features/studio/uploader';
import { bullPrefix } from '@app/common/server/redis';
import { expect, inject } from 'vitest';
import type { FakeSession, FakeStripe } from '../fakes/stripe';
import { buildSpeakerSession, buildUser } from '../factories/index';
import type { TestDatabase } from './db';
import { mediaChunks } from './media';
import { eventually } from './worker';

export interface Answer {
  status: number;
  body: string;
}

/** What a case gets: the API's port, the database, and `send`. */
export interface DrainContext {
  db: TestDatabase['db'];
  stripe: FakeStripe;
  /** One HTTP request on a new connection; refused connections are retried until an API listens. */
  send(method: string, path: string, body?: string, headers?: Record<string, string>): Promise<Answer>;
  /** Every worker process's output so far (job logs at info). */
  workerOutput(): string;
}

interface DrainCase {
  name: string;
  /** Requests this case sends during the run. */
  requests: number;
  prepare(ctx: DrainContext): Promise<void>;
  /** Sends request `i` (0 ≤ i < requests) and checks its answer. */
  request(ctx: DrainContext, i: number): Promise<void>;
  /** After the run: the effects are all there, once. */
  verify(ctx: DrainContext): Promise<void>;
  /**
   * Optional: make sure some of this case's work is in flight when SIGTERM arrives (resolves once it
   * is); the returned function lets that work finish, which the draining process must wait for.
   */
  pinInFlight?(ctx: DrainContext): Promise<() => Promise<void>>;
}

/** Where the run's services are, known once the test's beforeAll has started them. */
interface DrainServices {
  /** The port every API of the run listens on. */
  port: number;
  /** The environment the APIs and workers run with (its Redis prefix and storage root). */
  env: Record<string, string>;
}

/** The case builders, reading `services()` when a case runs. */
export function drainCases(services: () => DrainServices) {
  return {
    webhookCase: (count: number) => webhookCase(count, services),
    readsCase,
    studioCase: (chunks: number) => studioCase(chunks, services),
  };
}

let donors = 0;
/** Each donation from its own client address (the donation limit is 10 a minute per address). */
const xff = () => ({ 'x-forwarded-for': `10.7.${Math.floor(++donors / 250)}.${donors % 250}` });

/** Stripe webhooks: each enqueues ledger.record; every payment must be recorded once, by one job run. */
function webhookCase(count: number, services: () => DrainServices): DrainCase {
  const sessions: FakeSession[] = [];
  const events: { id: string; payload: string; signature: string }[] = [];
  return {
    name: 'webhooks and their ledger.record jobs',
    requests: count,
    async prepare(ctx) {
      for (let i = 0; i < count; i++) {
        const r = await ctx.send('POST', '/api/payments/donations', JSON.stringify({ amount: 1000 + i, wantsAdxTokens: true }), xff());
        expect(r.status, r.body).toBe(200);
        const s = ctx.stripe.pay(String((JSON.parse(r.body) as { url: string }).url).split('/').pop()!);
        sessions.push(s);
        events.push(ctx.stripe.event('checkout.session.completed', s));
      }
    },
    async request(ctx, i) {
      const e = events[i]!;
      const r = await ctx.send('POST', '/api/stripe/webhook', e.payload, { 'stripe-signature': e.signature });
      expect(r.status, r.body).toBe(200);
    },
    async pinInFlight(ctx) {
      // ledger.record appends to token_purchases: while we hold this lock, the jobs that reach that
      // insert wait inside the handler, i.e. are active in the worker we are about to stop.
      const lock = await ctx.db.transaction();
      await lock.raw('LOCK TABLE token_purchases IN EXCLUSIVE MODE');
      await eventually(
        async () => {
          const { rows } = (await ctx.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as { rows: Array<{ n: number }> };
          return rows[0]!.n >= 1;
        },
        60_000,
        'a ledger.record job waiting inside the handler',
      );
      return async () => {
        await lock.commit();
      };
    },
    async verify(ctx) {
      const ids = events.map((e) => e.id);
      await eventually(async () => Number((await ctx.db('stripe_events').whereIn('id', ids).whereNull('processed_at').count({ n: '*' }).first())?.n) === 0, 60_000, 'every event processed');
      expect(Number((await ctx.db('stripe_events').whereIn('id', ids).count({ n: '*' }).first())?.n)).toBe(count);
      const refs = await ctx.db('token_purchases').whereIn('payment_reference', sessions.map((s) => s.id)).select('payment_reference');
      expect(refs.map((r) => r.payment_reference as string).sort()).toEqual(sessions.map((s) => s.id).sort());
      const queue = new Queue('ledger', { connection: { url: inject('redisUrl') }, prefix: bullPrefix(services().env.REDIS_PREFIX!) });
      try {
        // An event is processed at its commit; its job logs `job done` after the work that follows the commit, and
        // only then does BullMQ complete it: the log is read once every job has completed.
        await eventually(async () => (await Promise.all(ids.map(async (id) => (await Job.fromId(queue, id))?.finishedOn))).every(Boolean), 60_000, 'every job finished');
        // Exactly once: one `job done` line per event across every worker process that ever ran. A line is in the
        // worker's stdout before its job completes, but this process may read the pipe a moment after Redis answers.
        const runs = () => {
          const out = ctx.workerOutput().split('\n');
          return ids.map((id) => out.filter((l) => l.includes('"msg":"job done"') && l.includes(`"jobId":"${id}"`)).length);
        };
        await eventually(async () => runs().every((n) => n >= 1), 5_000, "every job's log line").catch(() => undefined);
        expect(runs()).toEqual(ids.map(() => 1));
        // …and BullMQ started each job once (a job cut off by a dying worker would be started again).
        const started = await Promise.all(ids.map(async (id) => (await Job.fromId(queue, id))?.attemptsStarted));
        expect(started).toEqual(ids.map(() => 1));
      } finally {
        await queue.close();
      }
    },
  };
}

/** Plain reads: every one answered 200. */
function readsCase(count: number): DrainCase {
  return {
    name: 'ledger reads',
    requests: count,
    async prepare() {},
    async request(ctx, i) {
      const r = await ctx.send('GET', i % 2 ? '/api/ledger/summary' : '/api/ledger?page=1');
      expect(r.status, r.body).toBe(200);
    },
    async verify() {},
  };
}

/**
 * A speaker streaming a take through the browser studio's own uploader (Node's ws in place of the
 * browser's WebSocket) while the API is stopped and replaced: the ingest socket closes with the API,
 * the uploader reconnects to the new one and resends what was not acknowledged; after Stop the worker
 * finalizes once and the recording's sha256 is that of every chunk in the order they were recorded.
 */
function studioCase(chunks: number, services: () => DrainServices): DrainCase {
  const recorded: Buffer[] = [];
  // Real media: finalize remuxes the take, so the chunks are a live WebM cut into `chunks` pieces.
  const media = mediaChunks('webm', chunks, 4);
  let uploader: StudioUploader;
  let cookie = '';
  let take: TStudioTake;
  let sockets = 0;
  return {
    name: 'a studio take streamed through the restart',
    requests: chunks,
    async prepare(ctx) {
      const user = await buildUser(ctx.db, { discord_id: 'drain_speaker', discord_username: 'drain_speaker', speaker_topic: 'Staying up' });
      const session = await buildSpeakerSession(ctx.db, { session_title: 'Drain take', speaker_id: user.id });
      await issueSpeakerToken(ctx.db, session.id, null);
      const token = await ctx.db('speaker_tokens').where({ session_id: session.id }).first('id');
      cookie = `adx_studio=${(await createStudioCredential(ctx.db, session.id, token.id)).value}`;
      const r = await ctx.send('POST', `${STUDIO_API}/recordings`, undefined, { cookie });
      expect(r.status, r.body).toBe(201);
      take = JSON.parse(r.body) as TStudioTake;
      const origin = `http://127.0.0.1:${services().port}`;
      uploader = new StudioUploader({
        url: ingestUrl(new URL(origin), INGEST_PATH, take.recording_id),
        createSocket: (url) => {
          sockets += 1;
          const ws = new WebSocket(url, { headers: { cookie, origin } });
          ws.on('error', () => undefined);
          return ws as unknown as IngestSocket;
        },
        backoff: { baseMs: 100, maxMs: 1_000 },
      });
      uploader.start();
    },
    async request() {
      // Chunks are recorded in order, whichever sender gets here: seq = position in `recorded`.
      const chunk = media[recorded.length]!;
      recorded.push(chunk);
      uploader.push(chunk);
      await new Promise((r) => setTimeout(r, 40));
    },
    async verify(ctx) {
      await uploader.drain();
      expect(uploader.snapshot()).toMatchObject({ pendingChunks: 0, error: null, lastSeq: chunks - 1 });
      // The ingest socket went down with the first API and the uploader connected to its replacement.
      expect(sockets).toBeGreaterThanOrEqual(2);
      uploader.close();
      const r = await ctx.send('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, JSON.stringify({ final_seq: chunks - 1, duration_seconds: 5 }), { cookie });
      expect(r.status, r.body).toBe(202);
      await eventually(async () => (await ctx.db('recordings').where({ id: take.recording_id }).first('status')).status === 'completed', 90_000, 'the take finalized');
      const rec = await ctx.db('recordings').where({ id: take.recording_id }).first();
      expect(Number(rec.source_size_bytes)).toBe(Buffer.concat(recorded).length);
      expect(rec.source_sha256).toBe(createHash('sha256').update(Buffer.concat(recorded)).digest('hex'));
      const stored = await readFile(path.join(services().env.STORAGE_DISK_ROOT!, rec.object_key as string));
      expect(rec.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
      // The chunks go right after the completion commits.
      await eventually(async () => (await ctx.db('recording_chunks').where({ recording_id: take.recording_id })).length === 0, 30_000, 'chunks deleted');
      const queue = new Queue('recordings', { connection: { url: inject('redisUrl') }, prefix: bullPrefix(services().env.REDIS_PREFIX!) });
      try {
        expect((await Job.fromId(queue, take.recording_id))?.attemptsStarted).toBe(1);
      } finally {
        await queue.close();
      }
    },
  };
}
