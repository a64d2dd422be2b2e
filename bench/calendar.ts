// Benchmark: the public calendar feed (/api/calendar/sessions.ics) with 1,000 sessions, against a bare Fastify
// hello-world measured in the same run. Targets: the full feed as calendar apps ask for it (200, gzip, from the
// per-process cache: one count/max query per request) p99 <= 20 ms; the uncompressed feed is reported beside it; a poll with the feed's ETag answers 304 (checked, the run fails otherwise), and its p99
// too. 10 connections (calendar clients poll, they do not stampede), autocannon, everything on this machine.
// Also checked once before the load: the feed parses in ical.js with 1,000 events. BENCH_DURATION_S shortens a run.
import { loadavg } from 'node:os';
import ICAL from 'ical.js';
import { benchDatabase } from './lib/database';
import { load, report, type LoadResult } from './lib/harness';
import { apiBesidePeer } from './lib/processes';

const SESSIONS = 1_000;
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;
const TARGET_P99_MS = 20;
const log = (m: string) => console.log(`[bench:calendar] ${m}`);

const { services, url: benchUrl, db, close } = await benchDatabase('adx_bench_calendar', log, { fresh: true });
// Three mornings a week from 80 days ago (inside the feed's 90-day window): past ones recorded, every 25th cancelled.
const [speaker] = (await db('users').insert({ discord_id: 'bench:speaker', discord_username: 'bench_speaker', speaker_topic: 'Discipline' }).returning('id')) as Array<{ id: string }>;
const first = Date.now() - 80 * 86_400_000;
const rows = Array.from({ length: SESSIONS }, (_, i) => {
  const at = new Date(first + Math.floor(i / 3) * 7 * 86_400_000 + (i % 3) * 2 * 86_400_000);
  const past = at.getTime() < Date.now();
  return {
    speaker_id: speaker!.id,
    session_title: `Morning session ${i + 1}`,
    session_description: 'Fifteen focused minutes: accountability, legacy, discipline.',
    scheduled_date: at,
    discord_channel_link: 'https://discord.example/channels/1',
    status: i % 25 === 0 ? 'cancelled' : past ? 'completed' : 'scheduled',
    recording_url: past && i % 25 !== 0 ? `/files/recordings/session-${i}.webm` : null,
    duration_seconds: past ? 900 : null,
  };
});
for (let i = 0; i < rows.length; i += 200) await db('speaker_sessions').insert(rows.slice(i, i + 200));
await db.raw('VACUUM ANALYZE speaker_sessions');

const stack = await apiBesidePeer(benchUrl, services.redisUrl);
let failed = false;
try {
  const feedUrl = `${stack.api}/api/calendar/sessions.ics`;
  const full = await fetch(feedUrl);
  const body = await full.text();
  const etag = full.headers.get('etag');
  const events = new ICAL.Component(ICAL.parse(body) as unknown[]).getAllSubcomponents('vevent').length;
  const revalidated = (await fetch(feedUrl, { headers: { 'if-none-match': etag ?? '' } })).status;
  log(`feed: ${full.status}, ${(body.length / 1024).toFixed(0)} KiB, ${events} events, ETag ${etag}; with If-None-Match: ${revalidated}`);
  if (full.status !== 200 || events !== SESSIONS || !etag || revalidated !== 304) {
    failed = true;
    throw new Error(`expected 200 with ${SESSIONS} events and an ETag, then 304 (got ${full.status}, ${events}, ${etag}, ${revalidated})`);
  }

  log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  await load('warmup', stack.peer, { durationS: 2, connections: CONNECTIONS });
  await load('warmup', feedUrl, { durationS: 3, connections: CONNECTIONS });
  const peer = await load('fastify hello-world (peer)', stack.peer, { durationS: DURATION, connections: CONNECTIONS });
  const feed = await load(`feed, ${SESSIONS} sessions (200, not compressed)`, feedUrl, { durationS: DURATION, connections: CONNECTIONS });
  // What a calendar app gets: they all send Accept-Encoding: gzip.
  const gzipped = await load(`feed, ${SESSIONS} sessions (200, gzip)`, feedUrl, { durationS: DURATION, connections: CONNECTIONS, request: () => ({ path: '/api/calendar/sessions.ics', headers: { 'accept-encoding': 'gzip' } }) });
  const notModified = await load('feed with its ETag (304)', feedUrl, { durationS: DURATION, connections: CONNECTIONS, request: () => ({ path: '/api/calendar/sessions.ics', headers: { 'if-none-match': etag } }) });
  const row = (r: LoadResult, target: string) => ({ scenario: r.name, 'req/s': r.reqPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors, target });
  const pass = (r: LoadResult) => (r.p99 <= TARGET_P99_MS ? `p99 <= ${TARGET_P99_MS} ms: pass` : `p99 <= ${TARGET_P99_MS} ms: FAIL`);
  // autocannon counts a 304 as non-2xx; the 304 row's non2xx should equal its requests.
  report('calendar', [row(peer, 'peer'), row(feed, 'for comparison (no client asks for it)'), row(gzipped, pass(gzipped)), row(notModified, `${pass(notModified)}; all 304: ${notModified.non2xx === notModified.requests ? 'yes' : 'NO'}`)], [
    `${CONNECTIONS} connections, ${DURATION} s each; load average after: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}. Targets hold on a quiet machine only.`,
  ]);
  failed = gzipped.p99 > TARGET_P99_MS || notModified.p99 > TARGET_P99_MS || notModified.non2xx !== notModified.requests;
} finally {
  await stack.stop();
  await db.destroy();
  await close();
}
process.exit(failed ? 1 : 0);
