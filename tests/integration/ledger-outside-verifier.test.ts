// The ledger checked by code we did not write (tests/tlog-verify: Go's sumdb/note and sumdb/tlog), on rows recorded
// through the real pipeline (inbox, ledger.record jobs, the worker's batches); then the tamper drill: a row edited
// behind the append-only trigger is named by the watchdog and fails the outside verifier.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueue } from '@app/common/server/queues';
import { requestLedgerRecords } from '@app/common/server/payments/ledger-record';
import { insertStripeEvents } from '@app/common/server/payments/provider-events';
import { latestCheckpoint } from '@app/common/server/ledger/tlog-checkpoints';
import { openLogAlarms } from '@app/common/server/ledger/tlog-audit';
import { goEnv } from '../../scripts/lib/golang';
import { startTestApp, type TestApp } from '../helpers/app';
import { signInAs } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

const ROOT = path.resolve(__dirname, '../..');
/** Rows recorded through the pipeline; the acceptance run sets TLOG_OUTSIDE_ROWS=100000. */
const ROWS = Number(process.env.TLOG_OUTSIDE_ROWS ?? 1500);

let t: TestApp;
let worker: RunningWorkers;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { concurrency: { ledger: 100, recordings: 1, render: 1 } });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** `n` paid donations that buy tokens, recorded the way Stripe's webhooks are: inbox rows, then one ledger.record job each. */
async function recordDonations(n: number): Promise<void> {
  const db = t.database.db;
  for (let at = 0; at < n; at += 1000) {
    const donations = Array.from({ length: Math.min(1000, n - at) }, (_, i) => ({ id: randomUUID(), amount_cents: 1000 + ((at + i) % 5000), wants_adx_tokens: true }));
    await db.batchInsert('donations', donations, 500);
    const events = donations.map((d) => ({
      id: `evt_outside_${d.id}`,
      type: 'checkout.session.completed',
      data: { object: { id: `cs_outside_${d.id}`, status: 'complete', payment_status: 'paid', amount_total: d.amount_cents, metadata: { kind: 'donation', row_id: d.id }, payment_intent: `pi_outside_${d.id}` } },
    }));
    await insertStripeEvents(db, events);
    expect(await requestLedgerRecords(t.app.queues, events.map((e) => e.id), 30_000)).toBeNull();
  }
  const size = async () => Number(((await db('ledger_log_head').first('size')) as { size: string }).size);
  const want = (await size()) === 0 ? n : undefined;
  await eventually(async () => (await db('stripe_events').whereNull('processed_at').count({ n: '*' }).first())!.n === '0', 600_000, 'every event applied');
  if (want !== undefined) expect(await size()).toBe(n);
  const total = await size();
  await eventually(async () => (await latestCheckpoint(db))?.size === total, 30_000, 'a checkpoint of every row');
}

async function outsideVerifier(args: string[] = []): Promise<{ code: number; out: string }> {
  const key = (await t.app.inject({ method: 'GET', url: '/ledger/key' })).body.trim();
  try {
    const { stdout } = await promisify(execFile)('go', ['run', './tests/tlog-verify', '-url', t.baseUrl, '-key', key, ...args], { cwd: ROOT, env: goEnv(), maxBuffer: 1 << 24 });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** `npm run verify-ledger` on the CSV export and the latest checkpoint, as a reader would download them. */
async function verifyLedgerCommand(): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adx-verify-ledger-'));
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  writeFileSync(path.join(dir, 'ledger.csv'), await get('/api/ledger/export.csv'));
  writeFileSync(path.join(dir, 'checkpoint.txt'), await get('/ledger/checkpoint'));
  const key = (await get('/ledger/key')).trim();
  try {
    const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/verify-ledger.ts', path.join(dir, 'ledger.csv'), path.join(dir, 'checkpoint.txt'), key], { cwd: ROOT });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it(`verifies the checkpoints and proofs of ${ROWS} rows recorded through the pipeline with Go's sumdb packages`, { timeout: 1_800_000 }, async () => {
  await recordDonations(ROWS);
  await recordDonations(7);
  const r = await outsideVerifier();
  expect(r.out).toMatch(/^ok {3}checkpoint of \d+ rows signed by /m);
  expect(r.out).toMatch(/^ok {3}row \d+ is included in the checkpoint/m);
  expect(r.out).toMatch(/^ok {3}the checkpoint of \d+ rows extends the one of \d+ rows/m);
  expect(r.out).toMatch(/^ok {3}the \d+ exported rows rebuild the signed root/m);
  expect(r.code, r.out).toBe(0);
  const command = await verifyLedgerCommand();
  expect(command.out).toMatch(/^ok {3}the first \d+ of the \d+ exported rows rebuild the signed root$/m);
  expect(command.code, command.out).toBe(0);
});

it('tamper drill: a row edited behind the trigger is named by the watchdog in one run and fails the outside verifier', { timeout: 300_000 }, async () => {
  const db = t.database.db;
  const index = Math.floor(ROWS / 2);
  // The test database's owner is the superuser, as an operator with full access would be.
  await db.transaction(async (trx) => {
    await trx.raw('ALTER TABLE token_purchases DISABLE TRIGGER token_purchases_no_update');
    await trx.raw('UPDATE token_purchases SET tokens_to_be_distributed = tokens_to_be_distributed + 1 WHERE id = (SELECT purchase_id FROM ledger_log WHERE log_index = ?)', [index]);
    await trx.raw('ALTER TABLE token_purchases ENABLE TRIGGER token_purchases_no_update');
  });

  const jobId = await enqueue(t.app.queues, 'ledger.watchdog', {});
  await eventually(async () => (await (await t.app.queues.ledger.getJob(jobId))?.getState()) === 'failed', 120_000, 'the watchdog run failed');
  const job = await t.app.queues.ledger.getJob(jobId);
  expect(job!.failedReason).toContain(`index ${index}`);
  expect((await openLogAlarms(db)).map((a) => a.firstBadIndex)).toEqual([index]);
  const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(metrics.body).toMatch(/^ledger_log_alarm_open 1$/m);
  const admin = await signInAs(t.app, db, 'tlog_admin', { admin: true });
  const banner = (await admin.request('GET', '/api/admin/ledger/alarms')).json() as { alarms: Array<{ firstBadIndex: number }> };
  expect(banner.alarms.map((a) => a.firstBadIndex)).toEqual([index]);

  const r = await outsideVerifier(['-index', String(index)]);
  expect(r.code).toBe(1);
  expect(r.out).toContain(`FAIL row ${index} as the API shows it does not hash to the leaf it was logged with`);
  expect(r.out).toMatch(/FAIL consistency from the checkpoint of \d+ rows to the ledger as exported/);
  const command = await verifyLedgerCommand();
  expect(command.code).toBe(1);
  expect(command.out).toContain(`FAIL row ${index} `);
});
