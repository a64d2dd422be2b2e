// Benchmark: the first page of /account (GET /api/account: holdings, 25 newest payments, statement years, claimable)
// for members with 1,000 payments each across donations, enrolments and investments, among 30,000 signed-out donors'
// payments, against a bare Fastify hello-world measured in the same run. Target: p99 <= 20 ms on a quiet machine.
// 10 connections, autocannon, everything on this machine. BENCH_DURATION_S shortens a run; BENCH_ACCOUNT_PAYMENTS,
// BENCH_ACCOUNT_MEMBERS and BENCH_OTHER_PAYMENTS change the data (small numbers to check that it runs).
// The API runs as production runs it (the esbuild bundle on plain Node). Besides latency, each scenario reports the
// CPU its server used per answer (and, for the account, its Postgres backends'): other tenants of a busy machine
// change that much less than they change req/s and p99, so runs on a shared machine can still be compared.
import { loadavg } from 'node:os';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { createSession } from '@app/common/server/sessions/sessions.repository';
import { cpuSince, cpuSnapshot } from './lib/cpu';
import { benchDatabase } from './lib/database';
import { load, report, type LoadResult } from './lib/harness';
import { apiBesidePeer } from './lib/processes';

const PAYMENTS = Number(process.env.BENCH_ACCOUNT_PAYMENTS ?? 1_000);
const OTHERS = Number(process.env.BENCH_OTHER_PAYMENTS ?? 30_000);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;
const TARGET_P99_MS = 20;
const log = (m: string) => console.log(`[bench:account] ${m}`);

const { services, url: benchUrl, db, close } = await benchDatabase('adx_bench_account', log, { fresh: true });
// Member routes allow 60 calls a minute per member (api_call): the load rotates over MEMBERS members, each with the
// same 1,000 payments' shape, so every answer is a page and none a 429. The warm-up and the measured run together
// (13 s) fit in one window: 600 members allow 36,000 calls, enough for ~2,700 answers a second.
const MEMBERS = Number(process.env.BENCH_ACCOUNT_MEMBERS ?? 600);
const members = (await db.raw(
  `INSERT INTO users (discord_id, discord_username, email) SELECT 'bench:' || m, 'bench_member_' || m, 'member' || m || '@bench.example'
   FROM generate_series(1, ?) m RETURNING id, email`,
  [MEMBERS],
)) as { rows: Array<{ id: string; email: string }> };
await db.raw(`INSERT INTO investors (investor_id, user_id) SELECT 'ADX' || lpad(row_number() OVER ()::text, 4, '0'), id FROM users WHERE discord_id LIKE 'bench:%'`);
const share = (f: number) => Math.round(PAYMENTS * f);
// Each member's payments over three years: 60% donations (every third with tokens), 20% enrolments, 20% investments.
const perMember = `FROM users u JOIN investors v ON v.user_id = u.id CROSS JOIN generate_series(1, ?) i`;
await db.raw(
  `INSERT INTO donations (amount_cents, status, user_id, payer_email, paid_at, created_at, wants_adx_tokens, adx_tokens, tokens_per_dollar, investor_id)
   SELECT 2500 + i, 'paid', u.id, u.email, now() - i * interval '1 day', now() - i * interval '1 day', i % 3 = 0,
     CASE WHEN i % 3 = 0 THEN 250 END, CASE WHEN i % 3 = 0 THEN 10 END, CASE WHEN i % 3 = 0 THEN v.investor_id END ${perMember}`,
  [share(0.6)],
);
await db.raw(
  `INSERT INTO program_payments (kind, amount_cents, description, status, user_id, payer_email, paid_at, created_at)
   SELECT CASE WHEN i % 2 = 0 THEN 'program' ELSE 'sponsorship' END, 249700, 'Program', 'paid', u.id, u.email, now() - i * interval '5 days', now() - i * interval '5 days' ${perMember}`,
  [share(0.2)],
);
await db.raw(
  `INSERT INTO investments (user_id, amount_cents, adx_tokens, tokens_per_dollar, payment_status, investor_id, payer_email, paid_at, created_at)
   SELECT u.id, 100000, 10000, 10, 'paid', v.investor_id, u.email, now() - i * interval '5 days' + interval '7 hours', now() - i * interval '5 days' + interval '7 hours' ${perMember}`,
  [share(0.2)],
);
// Each member's ledger rows (one per token purchase), appended as the worker does (they join the transparency log).
const investors = (await db('investors').select('investor_id')) as Array<{ investor_id: string }>;
const ledgerRows = investors.flatMap(({ investor_id }) =>
  Array.from({ length: share(0.4) }, (_, i) => ({ investor_id, purchase_date: '2026-01-05', investment_amount_usd: '1000.00', tokens_to_be_distributed: '10000.00000000', source: 'investment' as const, payment_reference: `bench-${investor_id}-${i}` })),
);
for (let i = 0; i < ledgerRows.length; i += 5_000) await appendLedgerRows(db, ledgerRows.slice(i, i + 5_000));
// Signed-out donors' payments.
await db.raw(
  `INSERT INTO donations (amount_cents, status, payer_email, paid_at, created_at)
   SELECT 1000 + i, 'paid', 'donor' || (i % 5000) || '@bench.example', now() - i * interval '1 minute', now() - i * interval '1 minute' FROM generate_series(1, ?) i`,
  [OTHERS],
);
await db.raw('VACUUM ANALYZE donations, program_payments, investments, token_purchases, investors');
// NODE_ENV=production: the session cookie has the __Host- prefix.
const cookies: string[] = [];
for (const m of members.rows) cookies.push(`__Host-adx_session=${(await createSession(db, m.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 }, {})).id}`);
let turn = 0;
const cookie = cookies[0]!;

const stack = await apiBesidePeer(benchUrl, services.redisUrl, { compiled: true });
const pgPids = async () => ((await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')) as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
/** `run`'s result with the CPU milliseconds per answer of `server`'s processes and of the database's backends. */
async function metered(server: () => number[], run: () => Promise<LoadResult>): Promise<LoadResult & { serverMs: number; pgMs: number }> {
  const before = { server: cpuSnapshot(server()), pg: cpuSnapshot(await pgPids()) };
  const r = await run();
  const [serverMs, pgMs] = [cpuSince(before.server, server()), cpuSince(before.pg, await pgPids())];
  return { ...r, serverMs: serverMs / Math.max(r.requests, 1), pgMs: pgMs / Math.max(r.requests, 1) };
}
let failed = false;
try {
  const accountUrl = `${stack.api}/api/account`;
  const first = await fetch(accountUrl, { headers: { cookie } });
  const body = (await first.json()) as { page?: { payments: unknown[]; next: string | null }; holdings?: { total_tokens: string } };
  log(`first page: ${first.status}, ${body.page?.payments.length} payments, next cursor ${body.page?.next ? 'yes' : 'no'}, holdings ${body.holdings?.total_tokens} ADX`);
  if (first.status !== 200 || body.page?.payments.length !== Math.min(25, PAYMENTS)) {
    failed = true;
    throw new Error(`expected 200 with a page of ${Math.min(25, PAYMENTS)} payments (got ${first.status})`);
  }

  log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  const request = () => ({ path: '/api/account', headers: { cookie: cookies[turn++ % cookies.length]! } });
  await load('warmup', stack.peer, { durationS: 2, connections: CONNECTIONS });
  await load('warmup', accountUrl, { durationS: 3, connections: CONNECTIONS, request });
  const peer = await metered(stack.peerPids, () => load('fastify hello-world (peer)', stack.peer, { durationS: DURATION, connections: CONNECTIONS }));
  const account = await metered(stack.apiPids, () => load(`/account first page, ${PAYMENTS} payments`, accountUrl, { durationS: DURATION, connections: CONNECTIONS, request }));
  const row = (r: LoadResult & { serverMs: number; pgMs: number }, target: string) => ({
    scenario: r.name,
    'req/s': r.reqPerSec,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'server CPU ms/answer': r.serverMs.toFixed(2),
    'Postgres CPU ms/answer': r.pgMs.toFixed(2),
    non2xx: r.non2xx,
    errors: r.errors,
    target,
  });
  // A 429 (a member past their budget) would be a fast non-answer: the run fails unless every answer is a page.
  const pass = account.p99 <= TARGET_P99_MS && account.non2xx === 0;
  report('account', [row(peer, 'peer'), row(account, `p99 <= ${TARGET_P99_MS} ms: ${pass ? 'pass' : 'FAIL'}`)], [
    `${CONNECTIONS} connections, ${DURATION} s each; load average after: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}. Targets hold on a quiet machine only.`,
  ]);
  failed = !pass;
} finally {
  await stack.stop();
  await db.destroy();
  await close();
}
process.exit(failed ? 1 : 0);
