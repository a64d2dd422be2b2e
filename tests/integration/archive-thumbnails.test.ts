import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailJobId } from '@app/common/domain/flyer';
import { enqueueArchiveThumbnail } from '@app/common/server/archive/archive-thumbnails';
import { createStorage, type Storage } from '@app/common/server/storage/index';
import { DEMO_ARCHIVE, seedDemo } from '../../scripts/lib/seed';
import type { RunningWorkers } from '../../worker/src/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';

let t: TestApp;
let storage: Storage;
let worker: RunningWorkers | null = null;

beforeAll(async () => {
  t = await startTestApp();
  storage = createStorage(t.config);
});
afterAll(async () => {
  await worker?.close();
  storage?.close();
  await t?.close();
});

const thumbnails = async () =>
  (await t.database.db('session_archive').orderBy('actual_start_time').select('id', 'session_title', 'thumbnail_url')) as Array<{ id: string; session_title: string; thumbnail_url: string | null }>;

describe('archive thumbnails', () => {
  it('draws a 640×360 card for every seeded archived session once the archive is listed and a worker runs', async () => {
    expect((await seedDemo(t.database.db)).archivedSessions).toBe(DEMO_ARCHIVE.length);
    expect((await thumbnails()).every((r) => r.thumbnail_url === null)).toBe(true);

    // Listing the archive asks for the missing thumbnails; no worker yet, so they stay null.
    const list = (await anonymous(t.app).request('GET', '/api/archive')).json() as { sessions: Array<{ thumbnail_url: string | null }> };
    expect(list.sessions.map((s) => s.thumbnail_url)).toEqual([null, null, null]);
    const rows = await thumbnails();
    await eventually(async () => (await Promise.all(rows.map((r) => t.app.queues.render.getJob(thumbnailJobId(r.id))))).every(Boolean), 10_000, 'the thumbnail jobs');

    worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { storage });
    await eventually(async () => (await thumbnails()).every((r) => r.thumbnail_url !== null), 30_000, 'every thumbnail');
    for (const r of await thumbnails()) {
      expect(r.thumbnail_url).toMatch(new RegExp(`^/files/archive-thumbnails/${r.id}/thumbnail-\\d+\\.png$`));
      const file = await anonymous(t.app).request('GET', r.thumbnail_url!);
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
      const stats = await sharp(file.rawPayload).stats();
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(15);
    }
    const listed = (await anonymous(t.app).request('GET', '/api/archive')).json() as { sessions: Array<{ thumbnail_url: string | null }> };
    expect(listed.sessions.every((s) => s.thumbnail_url?.startsWith('/files/archive-thumbnails/'))).toBe(true);
    // Listing again asks for nothing new: each row's job ran once.
    for (const r of rows) expect((await t.app.queues.render.getJob(thumbnailJobId(r.id)))?.attemptsStarted).toBe(1);
  });

  it('is enqueued by enqueueArchiveThumbnail after an archive row is created (what the studio\'s finalize calls)', async () => {
    const [row] = (await t.database.db('session_archive')
      .insert({ session_title: 'A very long session title that has to wrap onto a second line of the card', speaker_name: null, speaker_topic: null, duration_seconds: null })
      .returning('id')) as Array<{ id: string }>;
    const jobId = await enqueueArchiveThumbnail(t.app.queues, row!.id);
    expect(jobId).toBe(thumbnailJobId(row!.id));
    expect(await enqueueArchiveThumbnail(t.app.queues, row!.id)).toBe(jobId);
    await eventually(async () => Boolean((await t.database.db('session_archive').where({ id: row!.id }).first('thumbnail_url')).thumbnail_url), 30_000, 'the thumbnail');
    const job = await t.app.queues.render.getJob(jobId);
    expect(job?.attemptsStarted).toBe(1);
  });
});
