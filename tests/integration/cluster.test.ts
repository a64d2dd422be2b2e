// Multi-instance run: 2 API and 2 worker processes, spawned as in production (tsx), on one
// Postgres database and one Redis prefix, behind the production proxy: nginx running deploy/nginx.conf
// (npm test installs Debian's nginx; without it the Node stand-in runs and the nginx-only checks skip, loudly).
// Realtime events, rate limits and webhook idempotency must hold across instances.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@app/common/events';
import { RATE_LIMITS } from '@app/common/domain/rate-limits';
import { LEDGER_CACHE } from '@app/common/domain/ledger-http-cache';
import { createStudioCredential, issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { STUDIO_API, type TStudioTake } from '@app/common/studio';
import { findNginx, type ClusterProxy } from '../../scripts/lib/nginx';
import type { FakeSession, FakeStripe } from '../fakes/stripe';
import { cookieClient, ledgerListener, useCluster, type AppSocket } from '../helpers/cluster';
import type { TestDatabase } from '../helpers/db';
import { mediaChunks } from '../helpers/media';
import { IngestClient, sha256 } from '../helpers/studio';
import { eventually } from '../helpers/worker';
import { openEventStream } from '../helpers/event-stream';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';

/** The APIs listen on one port at two loopback addresses: nginx finds them through the DNS name `api`, as in compose. */
const API_HOSTS = ['127.0.0.1', '127.0.0.2'];
const cluster = useCluster(API_HOSTS);
const { apis, workers, eventuallyOr } = cluster;
let stripe: FakeStripe;
let database: TestDatabase;
let proxy: ClusterProxy;
let apiPort: number;
const sockets: AppSocket[] = [];
let clientIp = 0;

beforeAll(() => {
  ({ stripe, database, proxy, apiPort } = cluster);
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

/** A cookie-keeping HTTP client for one API base URL, with its own client address. */
function client(ip = `10.9.${Math.floor(++clientIp / 250)}.${clientIp % 250}`) {
  return cookieClient(ip);
}

const listen = (url: string) => ledgerListener(url, sockets);

async function paidDonation(base: string, amount: number): Promise<FakeSession> {
  const r = await client().call(base, 'POST', '/api/payments/donations', { amount, wantsAdxTokens: true });
  expect(r.status, r.text).toBe(200);
  return stripe.pay(String(r.json().url).split('/').pop()!);
}

/** Which worker processes logged `job done` for a ledger.record job of these events. */
function workersThatRan(eventIds: string[]): Set<number> {
  const ran = new Set<number>();
  workers.forEach((w, i) => {
    for (const line of w.output().split('\n')) {
      if (line.includes('"msg":"job done"') && line.includes('"job":"ledger.record"') && eventIds.some((id) => line.includes(id))) ran.add(i);
    }
  });
  return ran;
}

describe('two APIs and two workers on the same Postgres, Redis and storage', () => {
  it('delivers to a socket on API #1 the events caused through API #2 and by either worker, each webhook recorded once', { timeout: 180_000 }, async () => {
    const [api1, api2] = [apis[0]!.url, apis[1]!.url];
    const onApi1 = await listen(api1);
    const viaProxy = await listen(`http://127.0.0.1:${proxy.port}`);

    // Through API #2: its success-page verify records the payment and API #2 emits the row.
    const verified = await paidDonation(api2, 4200);
    const v = await client().call(api2, 'POST', '/api/payments/verify', { session_id: verified.id });
    expect(v.status, v.text).toBe(200);
    await eventuallyOr(async () => onApi1.rows.some((r) => r.investment_amount_usd === '42.00'), 20_000, 'the row recorded by API #2 on API #1');

    // Through the workers: each webhook delivered to both APIs, twice; bursts until both workers ran one.
    const eventIds: string[] = [];
    const sessions: FakeSession[] = [];
    for (let burst = 0; burst < 5 && workersThatRan(eventIds).size < 2; burst++) {
      const batch = await Promise.all([1, 2, 3, 4].map((k) => paidDonation(k % 2 ? api1 : api2, 1000 + burst * 10 + k)));
      const events = batch.map((s) => stripe.event('checkout.session.completed', s));
      const answers = await Promise.all(
        events.flatMap((e) => [api1, api2, api2, api1].map((base) => client().call(base, 'POST', '/api/stripe/webhook', e.payload, { 'stripe-signature': e.signature }))),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      sessions.push(...batch);
      eventIds.push(...events.map((e) => e.id));
      await eventuallyOr(async () => Number((await database.db('stripe_events').whereIn('id', eventIds).whereNull('processed_at').count({ n: '*' }).first())?.n) === 0, 30_000, 'every event processed');
    }
    expect([...workersThatRan(eventIds)].sort()).toEqual([0, 1]);

    const refs = sessions.map((s) => s.id);
    expect(Number((await database.db('stripe_events').whereIn('id', eventIds).count({ n: '*' }).first())?.n)).toBe(eventIds.length);
    const recorded = await database.db('token_purchases').whereIn('payment_reference', refs).select('payment_reference');
    expect(recorded.map((r) => r.payment_reference as string).sort()).toEqual([...refs].sort());

    // Every row reached both sockets exactly once: API #1 directly, and the socket through the proxy.
    const amounts = sessions.map((s) => (s.amount_total / 100).toFixed(2)).sort();
    for (const listener of [onApi1, viaProxy]) {
      await eventuallyOr(async () => listener.rows.length >= amounts.length + 1, 20_000, 'every row on the socket');
      expect(listener.rows.map((r) => r.investment_amount_usd).filter((a) => a !== '42.00').sort()).toEqual(amounts);
      expect(listener.rows.filter((r) => r.investment_amount_usd === '42.00')).toHaveLength(1);
    }
  });

  it('takes Socket.IO over WebSocket only (long-polling would need sticky sessions behind round-robin)', async () => {
    const polling = await fetch(`${apis[0]!.url}${SOCKET_PATH}/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
  });

  it('holds a rate limit across both APIs (the counter lives in Redis)', { timeout: 60_000 }, async () => {
    const [api1, api2] = [apis[0]!.url, apis[1]!.url];
    const member = client();
    await member.signIn(api1, 'cluster_investor');
    const statuses: number[] = [];
    // The payment limit is 5 a minute per member, whichever instance counts.
    for (let i = 0; i < 8; i++) statuses.push((await member.call(i % 2 ? api2 : api1, 'POST', '/api/payments/investments', { amount: 2500 })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('streams one studio take half to API #1 and half through the proxy, started and finished on API #2, finalized once by a worker', { timeout: 120_000 }, async () => {
    const [api1, api2] = [apis[0]!.url, apis[1]!.url];
    const db = database.db;
    const [user] = await db('users').insert({ discord_id: 'cluster_speaker', discord_username: 'cluster_speaker', speaker_topic: 'Scale' }).returning('id');
    const [session] = await db('speaker_sessions').insert({ session_title: 'Cluster take', scheduled_date: new Date(Date.now() + 3_600_000), speaker_id: user.id }).returning('id');
    await issueSpeakerToken(db, session.id, null);
    const token = await db('speaker_tokens').where({ session_id: session.id }).first('id');
    const cookie = `adx_studio=${(await createStudioCredential(db, session.id, token.id)).value}`;

    const started = await fetch(`${api2}${STUDIO_API}/recordings`, { method: 'POST', headers: { cookie } });
    expect(started.status).toBe(201);
    const take = (await started.json()) as TStudioTake;
    const chunks = mediaChunks('webm', 10, 3);

    const first = new IngestClient(api1, take.recording_id, { cookie, origin: api1 });
    expect((await first.hello()).next_seq).toBe(0);
    for (let seq = 0; seq < 5; seq++) await first.sendAndAck(seq, chunks[seq]!);
    await first.close();
    // The proxy may hand the reconnect to either API: both know where the take stands.
    const second = new IngestClient(`http://127.0.0.1:${proxy.port}`, take.recording_id, { cookie, origin: api1 });
    expect((await second.hello()).next_seq).toBe(5);
    for (let seq = 5; seq < 10; seq++) await second.sendAndAck(seq, chunks[seq]!);
    await second.close();

    const finish = await fetch(`${api2}${STUDIO_API}/recordings/${take.recording_id}/finish`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ final_seq: 9 }) });
    expect(finish.status).toBe(202);
    await eventuallyOr(async () => (await db('recordings').where({ id: take.recording_id }).first('status')).status === 'completed', 60_000, 'the take finalized');
    const rec = await db('recordings').where({ id: take.recording_id }).first();
    expect(rec.source_sha256).toBe(sha256(chunks));
    expect(await db('session_archive').where({ session_id: session.id })).toHaveLength(1);
    expect((await db('speaker_sessions').where({ id: session.id }).first('status')).status).toBe('completed');
    // The job's log line follows the commit the test just saw: wait for it, then there is exactly one.
    const finalizeRuns = () => workers.map((w) => w.output().split('\n').filter((l) => l.includes('"msg":"job done"') && l.includes(`"jobId":"${take.recording_id}"`)).length).reduce((a, b) => a + b, 0);
    await eventuallyOr(async () => finalizeRuns() >= 1, 20_000, 'the finalize job logged');
    expect(finalizeRuns()).toBe(1);
  });
  it.skipIf(!findNginx())('passes the ledger\'s event stream through the proxy: a new row reaches streams through nginx and on each API within 5 s (nginx)', { timeout: 60_000 }, async () => {
    // Two streams through nginx (round-robin: usually one on each API) and one straight to each API.
    const streams = await Promise.all([
      openEventStream(`http://127.0.0.1:${proxy.port}/api/ledger/stream`),
      openEventStream(`http://127.0.0.1:${proxy.port}/api/ledger/stream`),
      ...apis.map((a) => openEventStream(`${a.url}/api/ledger/stream`)),
    ]);
    try {
      for (const s of streams) {
        expect(s.status).toBe(200);
        await s.waitFor('\n\n', 10_000);
      }
      const marks = streams.map((s) => s.text().length);
      await appendLedgerRows(database.db, [{ investor_id: 'ADX7070', purchase_date: '2030-01-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' }]);
      // Held back by the proxy (buffered until the stream ends), the few bytes of the event would not arrive. (With this
      // nginx the event also came through without the stream's X-Accel-Buffering: no; the header is kept for proxies that do buffer.)
      await Promise.all(streams.map((s, i) => s.waitFor('event: changed\n', 5_000, marks[i])));
    } finally {
      for (const s of streams) s.close();
    }
  });

  it.skipIf(!findNginx())('keeps the public ledger in nginx: the second request is a HIT, a 304 for its ETag, a new row shown once max-age is over (nginx)', { timeout: 60_000 }, async () => {
    const url = `http://127.0.0.1:${proxy.port}/api/ledger/summary`;
    const read = async (headers: Record<string, string> = {}) => {
      const res = await fetch(url, { headers });
      const text = await res.text();
      return { status: res.status, cache: res.headers.get('x-cache-status'), etag: res.headers.get('etag'), body: text ? (JSON.parse(text) as { totalInvestors: number }) : null };
    };
    const first = await read();
    const filled = Date.now();
    expect(first.status).toBe(200);
    expect(['MISS', 'EXPIRED']).toContain(first.cache);
    const second = await read();
    expect(second).toEqual({ ...first, cache: 'HIT' });
    // nginx answers a matching If-None-Match itself.
    expect(await read({ 'if-none-match': first.etag! })).toMatchObject({ status: 304, cache: 'HIT', body: null });
    // The ETag is the answer's hash, so either replica revalidates what the other one answered.
    for (const a of apis) expect((await fetch(`${a.url}/api/ledger/summary`)).headers.get('etag')).toBe(first.etag);

    await appendLedgerRows(database.db, [{ investor_id: 'ADX7071', purchase_date: '2030-01-01', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' }]);
    // Within max-age nginx may still answer the copy it has; once it is over (nginx counts whole seconds), the next
    // request gets the new figures from an API, not a stale copy.
    const expired = filled + (LEDGER_CACHE.maxAgeS + 1) * 1_000 + 100;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expired - Date.now())));
    const after = await read();
    expect(after.status).toBe(200);
    expect(after.body?.totalInvestors).toBe(first.body!.totalInvestors + 1);
    expect(after.cache).toBe('EXPIRED');
    expect(await read()).toMatchObject({ cache: 'HIT', body: after.body });
  });

  it('replaces a client-sent X-Forwarded-For at the proxy, so a caller cannot pick its own rate-limit bucket', { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    // Sign-in allows RATE_LIMITS.sign_in.max per 5 minutes per address: one more caller, each claiming its own
    // address, is still one address.
    const max = RATE_LIMITS.sign_in.max;
    for (let i = 0; i <= max; i++) statuses.push((await client(`10.66.${i >> 8}.${(i % 254) + 1}`).call(`http://127.0.0.1:${proxy.port}`, 'POST', '/api/auth/dev-sign-in', { username: `xff_${i}` })).status);
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
  });

  it.skipIf(!findNginx())('looks the api name up again within about 10 s, so replicas that come and go are followed (nginx)', { timeout: 60_000 }, async () => {
    // A third "replica" on 127.0.0.3 that says who it is; the DNS answer moves to it alone, then back.
    const stranger = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"replica":"new"}'));
    await new Promise<void>((resolve) => stranger.listen(apiPort, '127.0.0.3', resolve));
    expect((stranger.address() as AddressInfo).port).toBe(apiPort);
    const viaProxy = async () => (await fetch(`http://127.0.0.1:${proxy.port}/healthz`)).text();
    try {
      expect(await viaProxy()).not.toContain('"replica":"new"');
      const moved = Date.now();
      proxy.names!.setAddresses(['127.0.0.3']);
      await eventuallyOr(async () => (await viaProxy()).includes('"replica":"new"'), 25_000, `nginx to follow the DNS answer\n${proxy.errorLog?.()}`);
      expect(Date.now() - moved).toBeLessThan(15_000);
    } finally {
      proxy.names!.setAddresses(API_HOSTS);
      await eventually(async () => !(await viaProxy()).includes('"replica":"new"'), 25_000, 'nginx back on the APIs');
      await new Promise((resolve) => stranger.close(resolve));
    }
  });
});
