import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { reminderAt, reminderJobId } from '@app/common/domain/session-reminders';
import { mailKey } from '@app/common/schemas/mail';
import { enqueue } from '@app/common/server/queues';
import { startTestApp, type TestApp } from '../helpers/app';
import { spawnWorkerProcess, workerProcessEnv, type WorkerProcess } from '../helpers/processes';
import { signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let t: TestApp;
let admin: Client;
let speakerId: string;
let members = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, t.database.db, 'reminder_admin', { admin: true });
  speakerId = (await signInAs(t.app, t.database.db, 'reminder_speaker')).userId!;
});
afterAll(async () => t?.close());

/** A member with an address and the given lead time. */
async function member(minutes: number | null): Promise<Client> {
  const m = await signInAs(t.app, t.database.db, `reminded_${++members}`, { email: `reminded${members}@example.org` });
  expect((await m.request('PUT', '/api/calendar/settings', { reminder_minutes: minutes })).statusCode).toBe(200);
  return m;
}

/** A session starting `lead` ms after its reminder at `minutes`: the reminder is due `lead` ms from now (whole seconds). */
function startFor(minutes: number, lead: number): Date {
  return new Date(Math.ceil((Date.now() + lead) / 1000) * 1000 + minutes * 60_000);
}

async function createSession(at: Date): Promise<string> {
  const res = await admin.request('POST', '/api/speaker-sessions', { session_title: 'Morning brotherhood', scheduled_date: at.toISOString(), speaker_id: speakerId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().session.id as string;
}

/** The delayed job of that reminder: when it is due (ms), or null when there is none. */
async function dueAt(sessionId: string, userId: string, start: Date, minutes: number): Promise<number | null> {
  const job = await t.app.queues.mail.getJob(reminderJobId(sessionId, userId, reminderAt(start, minutes)!));
  return job ? job.timestamp + (job.opts.delay ?? 0) : null;
}

const sent = async (sessionId: string, userId: string) =>
  (await t.database.db('mail_outbox').where({ message_key: mailKey({ kind: 'session-reminder', sessionId, userId, sendAt: 1 }) }).select('to_address', 'subject', 'created_at')) as Array<{
    to_address: string;
    subject: string;
    created_at: Date;
  }>;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('session reminders (in-process worker)', () => {
  let worker: RunningWorkers;
  beforeAll(async () => {
    worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  });
  afterAll(async () => worker?.close());

  it('RSVP: one reminder at the time the member chose, and none before', async () => {
    const m = await member(10);
    const start = startFor(10, 3_000);
    const id = await createSession(start);
    expect((await m.request('PUT', `/api/calendar/sessions/${id}/rsvp`)).statusCode).toBe(200);
    const due = start.getTime() - 10 * 60_000;
    expect(Math.abs((await dueAt(id, m.userId!, start, 10))! - due)).toBeLessThan(1_000);
    await eventually(async () => (await sent(id, m.userId!)).length === 1, 20_000, 'the reminder');
    const [mail] = await sent(id, m.userId!);
    expect(mail!.to_address).toBe(`reminded${members}@example.org`);
    expect(mail!.subject).toBe('Starting soon: Morning brotherhood');
    expect(mail!.created_at.getTime()).toBeGreaterThanOrEqual(due - 50);
  });

  it('reschedule: the reminder moves; the old job, run anyway, sends nothing', async () => {
    const m = await member(30);
    const first = startFor(30, 3_600_000);
    const id = await createSession(first);
    await m.request('PUT', `/api/calendar/sessions/${id}/rsvp`);
    expect(await dueAt(id, m.userId!, first, 30)).not.toBeNull();

    const moved = startFor(30, 3_000);
    expect((await admin.request('PATCH', `/api/speaker-sessions/${id}`, { scheduled_date: moved.toISOString() })).statusCode).toBe(200);
    expect(await dueAt(id, m.userId!, first, 30)).toBeNull();
    expect(Math.abs((await dueAt(id, m.userId!, moved, 30))! - (moved.getTime() - 30 * 60_000))).toBeLessThan(1_000);

    // A stale job (a removal that did not reach Redis) is checked against the session's time when it runs.
    await enqueue(t.app.queues, 'mail.send', { kind: 'session-reminder', sessionId: id, userId: m.userId!, sendAt: reminderAt(first, 30)!.getTime() }, { jobId: 'stale-reminder-test' });
    await eventually(async () => (await t.app.queues.mail.getJob('stale-reminder-test'))?.finishedOn !== undefined, 10_000, 'the stale job run');
    expect(await sent(id, m.userId!)).toHaveLength(0);

    await eventually(async () => (await sent(id, m.userId!)).length === 1, 20_000, 'the moved reminder');
    expect((await sent(id, m.userId!))[0]!.created_at.getTime()).toBeGreaterThanOrEqual(moved.getTime() - 30 * 60_000 - 50);
  });

  it('cancel: no reminder, even from a job left behind', async () => {
    const m = await member(30);
    const start = startFor(30, 2_000);
    const id = await createSession(start);
    await m.request('PUT', `/api/calendar/sessions/${id}/rsvp`);
    expect((await admin.request('POST', `/api/speaker-sessions/${id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await dueAt(id, m.userId!, start, 30)).toBeNull();
    await enqueue(t.app.queues, 'mail.send', { kind: 'session-reminder', sessionId: id, userId: m.userId!, sendAt: reminderAt(start, 30)!.getTime() }, { jobId: 'cancelled-reminder-test' });
    await pause(4_000);
    expect(await sent(id, m.userId!)).toHaveLength(0);
  });

  it('a lead time changed to none drops the reminder; back to one queues it again', async () => {
    const m = await member(60);
    const start = startFor(60, 3_600_000);
    const id = await createSession(start);
    await m.request('PUT', `/api/calendar/sessions/${id}/rsvp`);
    expect(await dueAt(id, m.userId!, start, 60)).not.toBeNull();
    await m.request('PUT', '/api/calendar/settings', { reminder_minutes: null });
    expect(await dueAt(id, m.userId!, start, 60)).toBeNull();
    await m.request('PUT', '/api/calendar/settings', { reminder_minutes: 120 });
    expect(await dueAt(id, m.userId!, start, 120)).not.toBeNull();
    await m.request('DELETE', `/api/calendar/sessions/${id}/rsvp`);
    expect(await dueAt(id, m.userId!, start, 120)).toBeNull();
  });
});

describe('session reminders (worker process killed)', () => {
  const spawned: WorkerProcess[] = [];
  afterAll(async () => {
    for (const w of spawned) await w.kill();
  });
  const spawn = async () => {
    const w = spawnWorkerProcess(workerProcessEnv(t, inject('redisUrl')));
    spawned.push(w);
    await eventually(async () => (await t.app.queues.mail.getWorkers()).length > 0, 90_000, `a worker process\n${w.output()}`);
    return w;
  };

  it('a worker killed between scheduling and sending: the next one sends exactly one reminder', async () => {
    const m = await member(10);
    const first = await spawn();
    const start = startFor(10, 6_000);
    const id = await createSession(start);
    await m.request('PUT', `/api/calendar/sessions/${id}/rsvp`);
    await first.kill();
    await eventually(async () => (await t.app.queues.mail.getWorkers()).length === 0, 30_000, 'the killed worker gone from Redis');
    await pause(Math.max(0, start.getTime() - 10 * 60_000 - Date.now()) + 500);
    expect(await sent(id, m.userId!)).toHaveLength(0);

    // The same reminder asked for twice more (a duplicate job id, a job from another schedule version).
    await enqueue(t.app.queues, 'mail.send', { kind: 'session-reminder', sessionId: id, userId: m.userId!, sendAt: reminderAt(start, 10)!.getTime() }, { jobId: 'duplicate-reminder-test' });
    const second = await spawn();
    await eventually(async () => (await sent(id, m.userId!)).length === 1, 30_000, `the reminder after the restart\n${second.output()}`);
    await eventually(async () => (await t.app.queues.mail.getJob('duplicate-reminder-test'))?.finishedOn !== undefined, 10_000, 'the duplicate run');
    expect(await sent(id, m.userId!)).toHaveLength(1);
  }, 180_000);
});
