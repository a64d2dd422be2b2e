import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type FlyerReadyEvent } from '@app/common/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLYER_HEIGHT, FLYER_JOB_ID, FLYER_WIDTH } from '@app/common/domain/flyer';
import { createStorage, type Storage } from '@app/common/server/storage/index';
import type { RunningWorkers } from '../../worker/src/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';

let t: TestApp;
let storage: Storage;
let worker: RunningWorkers | null = null;
let speaker: Client;
let other: Client;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  storage = createStorage(t.config);
  speaker = await signInAs(t.app, t.database.db, 'amara.okafor');
  other = await signInAs(t.app, t.database.db, 'marcus_lee');
  const saved = await speaker.request('PUT', '/api/me/speaker-profile', { speaker_topic: 'Owning the corner store: cooperatives that keep money in the neighbourhood', bio: 'Co-op founder.' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await other.request('PUT', '/api/me/speaker-profile', { speaker_topic: 'Ship it small', bio: '' })).statusCode).toBe(200);
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await worker?.close();
  storage?.close();
  await t?.close();
});

interface Status {
  jobId: string;
  sessionDay: string;
  status: 'pending' | 'ready' | 'failed';
  flyerUrl: string | null;
  downloadUrl: string | null;
  fileName: string;
  error: string | null;
}

const generate = (client: Client, speakerId: string, sessionDay: string) => client.request('POST', '/api/flyers', { speakerId, sessionDay });
const status = async (client: Client, jobId: string) => (await client.request('GET', `/api/flyers/${jobId}`)).json() as Status;

/** A Socket.IO client of `client`'s session, joined to its own room, collecting flyer:ready events. */
async function listen(client: Client): Promise<FlyerReadyEvent[]> {
  const s = io(t.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { origin: t.baseUrl, cookie: client.jar.header() }, reconnection: false });
  sockets.push(s);
  const events: FlyerReadyEvent[] = [];
  s.on('flyer:ready', (e: FlyerReadyEvent) => events.push(e));
  await new Promise<void>((resolve, reject) => {
    s.on('connect', () => resolve());
    s.on('connect_error', reject);
  });
  const joined = await new Promise<{ ok: boolean }>((resolve) => s.emit('join', 'me', resolve));
  expect(joined.ok).toBe(true);
  return events;
}

/** The PNG behind a ready flyer, fetched through the API like the browser does. */
async function png(s: Status): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: s.flyerUrl! });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return res.rawPayload;
}

/** How many distinct RGB colours an image has (on a 4× downscale, enough to tell a blank image). */
async function distinctColours(image: Buffer): Promise<number> {
  const { data } = await sharp(image).resize(270, 338).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 3) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return seen.size;
}

describe('flyer generator', () => {
  let mondayJob: string;
  let failingJob: string;

  it('refuses anonymous callers (401) and checks the body', async () => {
    const anon = anonymous(t.app);
    expect((await generate(anon, speaker.userId!, 'Monday')).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/flyers/flyer-${speaker.userId!}-monday-1`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/flyers/flyer-${speaker.userId!}-monday-1/download`)).statusCode).toBe(401);
    const member = await signInAs(t.app, t.database.db, 'csrf_less');
    member.csrf = null;
    expect((await generate(member, speaker.userId!, 'Monday')).statusCode).toBe(403);
    const bad = await generate(other, speaker.userId!, 'Tuesday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sessionDay must be Monday, Wednesday or Friday');
    expect((await generate(other, '00000000-0000-4000-8000-000000000000', 'Monday')).statusCode).toBe(404);
    const noTopic = await signInAs(t.app, t.database.db, 'quiet_member');
    const r = await generate(other, noTopic.userId!, 'Monday');
    expect(r.statusCode).toBe(422);
    expect((await other.request('GET', `/api/flyers/flyer-${speaker.userId!}-monday-1`)).statusCode).toBe(404);
  });

  it('answers 202 with the job id while no worker runs; the status turns ready once one does', async () => {
    const res = await generate(other, speaker.userId!, 'Monday');
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as Status;
    expect(body).toMatchObject({ status: 'pending', sessionDay: 'Monday', flyerUrl: null, fileName: 'dog-pound-flyer-monday.png' });
    expect(body.jobId).toMatch(FLYER_JOB_ID);
    mondayJob = body.jobId;
    expect(await status(other, mondayJob)).toMatchObject({ status: 'pending' });

    // A flyer for a speaker whose topic is gone by the time the worker runs: the failure path.
    const failing = await generate(speaker, other.userId!, 'Friday');
    expect(failing.statusCode).toBe(202);
    failingJob = (failing.json() as Status).jobId;
    await t.database.db('users').where({ id: other.userId! }).update({ speaker_topic: null });

    const otherEvents = await listen(other);
    const speakerEvents = await listen(speaker);
    worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage });
    await eventually(async () => (await status(other, mondayJob)).status === 'ready', 30_000, 'the Monday flyer');
    const ready = await status(other, mondayJob);
    // The requester hears it in their own room (the page stops polling on it); the other one hears its failure.
    await eventually(async () => otherEvents.length > 0 && speakerEvents.length > 0, 15_000, 'flyer:ready events');
    expect(otherEvents).toEqual([{ job_id: mondayJob, day: 'monday', status: 'ready', url: ready.flyerUrl }]);
    expect(speakerEvents).toEqual([{ job_id: failingJob, day: 'friday', status: 'failed', url: null, error: 'The speaker has no topic any more' }]);
    expect(ready.flyerUrl).toMatch(/^\/files\/flyers\/.+\/dog-pound-flyer-monday-\d+\.png$/);
    expect(ready.downloadUrl).toBe(`/api/flyers/${mondayJob}/download`);

    const image = await png(ready);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', FLYER_WIDTH, FLYER_HEIGHT]);
    const stats = await sharp(image).stats();
    expect(stats.isOpaque).toBe(true);
    expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(15);
    expect(await distinctColours(image)).toBeGreaterThan(200);

    const download = await other.request('GET', ready.downloadUrl!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="dog-pound-flyer-monday.png"');
    expect(download.rawPayload.equals(image)).toBe(true);
  });

  it('marks a flyer that cannot be rendered failed, and says why', async () => {
    await eventually(async () => (await status(speaker, failingJob)).status === 'failed', 30_000, 'the failed flyer');
    expect(await status(speaker, failingJob)).toMatchObject({ status: 'failed', flyerUrl: null, error: 'The speaker has no topic any more' });
    expect((await speaker.request('GET', `/api/flyers/${failingJob}/download`)).statusCode).toBe(404);
    // Asked again now, it is refused before any job: the speaker has no topic.
    expect((await generate(speaker, other.userId!, 'Friday')).statusCode).toBe(422);
  });

  it('reuses the stored flyer for the same speaker, day and profile version (no second render)', async () => {
    const completedBefore = await t.app.queues.render.getCompletedCount();
    const before = await storage.stat((await t.database.db('flyers').where({ job_id: mondayJob }).first('object_key')).object_key);
    const again = await generate(speaker, speaker.userId!, 'Monday');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ jobId: mondayJob, status: 'ready' });
    expect(await t.database.db('flyers').where({ speaker_id: speaker.userId!, session_day: 'Monday' }).count({ n: '*' }).first()).toEqual({ n: '1' });
    expect(await t.app.queues.render.getCompletedCount()).toBe(completedBefore);
    const job = await t.app.queues.render.getJob(mondayJob);
    expect(job?.attemptsStarted).toBe(1);
    const after = await storage.stat(before!.key);
    expect(after?.lastModified?.getTime()).toBe(before?.lastModified?.getTime());
  });

  it('renders within the wait when a worker runs (200), and a new profile version makes a new flyer', async () => {
    const res = await generate(other, speaker.userId!, 'Wednesday');
    expect(res.statusCode, res.body).toBe(200);
    const wed = res.json() as Status;
    expect(wed).toMatchObject({ status: 'ready', fileName: 'dog-pound-flyer-wednesday.png' });
    expect((await sharp(await png(wed)).metadata()).height).toBe(FLYER_HEIGHT);

    const oldKey = wed.flyerUrl!.slice('/files/'.length);
    expect(await storage.exists(oldKey)).toBe(true);
    await speaker.request('PUT', '/api/me/speaker-profile', { speaker_topic: 'Cooperatives, year two', bio: 'Co-op founder.' });
    const next = await generate(other, speaker.userId!, 'Wednesday');
    expect(next.statusCode).toBe(200);
    expect((next.json() as Status).jobId).not.toBe(wed.jobId);
    // The older version's flyer is gone, row and file: only the new one is kept.
    const rows = await t.database.db('flyers').where({ speaker_id: speaker.userId!, session_day: 'Wednesday' }).select('job_id');
    expect(rows.map((r: { job_id: string }) => r.job_id)).toEqual([(next.json() as Status).jobId]);
    expect(await storage.exists(oldKey)).toBe(false);
  });

  it('uses the initials when the avatar cannot be fetched (no network here): the flyer still renders', async () => {
    await t.database.db('users').where({ id: speaker.userId! }).update({ discord_avatar_url: 'https://cdn.discordapp.com/avatars/1/abc.png', updated_at: t.database.db.fn.now() });
    const res = await generate(other, speaker.userId!, 'Friday');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
  });
});
