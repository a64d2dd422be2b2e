import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskStorage } from '@app/common/server/storage/index';
import { QueueEvents } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { createBullConnection, bullPrefix } from '@app/common/server/redis';
import { closeQueues, createQueues, enqueue, type Queues } from '@app/common/server/queues';
import { handlers } from '../../worker/src/handlers/index';
import { startWorkers, type RunningWorkers } from '../../worker/src/workers';
import { freshDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db';

let database: TestDatabase;
let running: RunningWorkers;
let queues: Queues;
let events: QueueEvents;
const prefix = testRedisPrefix();
const connection = createBullConnection(inject('redisUrl'));

beforeAll(async () => {
  database = await freshDatabase();
  running = await startWorkers({
    db: database.db,
    redisUrl: inject('redisUrl'),
    redisPrefix: prefix,
    log: pino({ level: 'silent' }),
    handlers,
    storage: createDiskStorage({ root: mkdtempSync(path.join(os.tmpdir(), 'adx-worker-storage-')) }),
    concurrency: { ledger: 2, recordings: 1, render: 1 },
  });
  queues = createQueues(connection, prefix);
  events = new QueueEvents('ledger', { connection: createBullConnection(inject('redisUrl')), prefix: bullPrefix(prefix) });
  await events.waitUntilReady();
});
afterAll(async () => {
  await running.close();
  await events.close();
  await closeQueues(queues);
  connection.disconnect();
  await database.drop();
});

describe('worker', () => {
  it('schedules the repeatable totals check', async () => {
    const schedulers = await queues.ledger.getJobSchedulers();
    expect(schedulers.map((s) => s.key ?? s.id)).toContain('ledger-verify-totals');
  });

  it('runs a job through its typed handler and returns its result', async () => {
    await appendLedgerRows(database.db, [
      { investor_id: 'adx0001', purchase_date: '2025-05-01', investment_amount_usd: '100.00', tokens_to_be_distributed: '1000.00000000', source: 'admin' },
    ]);
    const id = await enqueue(queues, 'ledger.verify-totals', {});
    const job = await queues.ledger.getJob(id);
    const result = await job!.waitUntilFinished(events, 10_000);
    expect(result).toEqual({ totalInvestors: 1, totalInvestmentUsd: '100.00', totalTokens: '1000.00000000' });
  });

  it('fails loudly when the running totals drift from the rows', async () => {
    await database.db('ledger_totals').update({ records: 99 });
    const id = await enqueue(queues, 'ledger.verify-totals', {});
    const job = await queues.ledger.getJob(id);
    await expect(job!.waitUntilFinished(events, 10_000)).rejects.toThrow(/ledger totals drifted/);
    const failed = await queues.ledger.getJob(id);
    expect(failed?.attemptsMade).toBe(1); // unrecoverable: not retried
  });

  it('refuses payloads that do not match the job schema, on enqueue and in the worker', async () => {
    await expect(enqueue(queues, 'ledger.verify-totals', { extra: 1 } as never)).rejects.toThrow();
    const job = await queues.ledger.add('ledger.verify-totals', { extra: 1 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/invalid payload/);
    const unknown = await queues.ledger.add('no.such-job', {});
    await expect(unknown.waitUntilFinished(events, 10_000)).rejects.toThrow(/unknown job/);
  });
});
