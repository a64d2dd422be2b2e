// The studio's ingest runs in a process of its own beside the API (api/src/modules/studio/ingest-process.ts):
// these tests kill one side and check that the other copes, with no chunk lost and no process left behind.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStudioCredential, issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { STUDIO_API, type TStudioTake } from '@app/common/studio';
import { processTree } from '../../bench/lib/cpu';
import { buildSpeakerSession, buildUser } from '../factories/index';
import { freePort, startTestApp, type TestApp } from '../helpers/app';
import { freshDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db';
import { spawnApiProcess, type ServiceProcess } from '../helpers/processes';
import { anonymous } from '../helpers/session';
import { chunkBytes, IngestClient, startTake, studioSpeaker } from '../helpers/studio';
import { eventually } from '../helpers/worker';

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const alive = (pid: number) => commandOf(pid) !== '';
const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The ingest processes started below `pid`. */
const ingestProcesses = (pid: number) => processTree(pid).slice(1).filter((p) => commandOf(p).includes('ingest-process'));

const scrape = async (t: TestApp, name: string) =>
  Number(new RegExp(`^${name} (\\d+)`, 'm').exec((await anonymous(t.app).request('GET', '/metrics')).body)?.[1]);

describe('the ingest process', () => {
  let t: TestApp;
  const open: IngestClient[] = [];
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await t.close();
  });

  it('starts with the first ingest socket; killed, the next socket starts another and the take resumes where it was', async () => {
    expect(ingestProcesses(process.pid)).toEqual([]);
    const { client } = await studioSpeaker(t.app, t.database.db, 'Ingest process crash');
    const take = await startTake(client);
    const first = new IngestClient(t.baseUrl, take.recording_id, { cookie: client.jar.header() });
    open.push(first);
    await first.hello();
    await first.sendAndAck(0, chunkBytes(0));
    const [pid] = ingestProcesses(process.pid);
    expect(pid).toBeGreaterThan(0);
    expect(await scrape(t, 'studio_ingest_sockets')).toBe(1);

    process.kill(pid!, 'SIGKILL');
    expect((await first.closed).code).toBe(1006);
    await eventually(async () => !alive(pid!), 10_000, 'the ingest process gone');
    await eventually(async () => (await scrape(t, 'studio_ingest_sockets')) === 0, 10_000, 'its socket no longer counted');

    // The speaker's reconnect starts a new ingest process; what was acked before the crash is still held.
    const again = new IngestClient(t.baseUrl, take.recording_id, { cookie: client.jar.header() });
    open.push(again);
    expect(await again.hello()).toMatchObject({ next_seq: 1, bytes_received: 4096 });
    await again.sendAndAck(1, chunkBytes(1));
    const [next] = ingestProcesses(process.pid);
    expect(next).not.toBe(pid);
    expect((await t.database.db('recording_chunks').where({ recording_id: take.recording_id }).orderBy('seq')).map((r) => r.seq)).toEqual([0, 1]);
  });
});

describe('an API killed outright', () => {
  let database: TestDatabase;
  let api: ServiceProcess | undefined;
  const storageRoot = `/tmp/adx-ingest-process-${process.pid}-${Date.now()}`;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterEach(async () => {
    await api?.kill();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  it("takes its ingest process with it: the speaker's socket closes and nothing is left running", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    api = spawnApiProcess({ DATABASE_URL: database.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: testRedisPrefix(), STORAGE_DISK_ROOT: storageRoot, PORT: String(port), PUBLIC_URL: origin });
    await eventually(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status === 200, 90_000, 'the API ready');

    const user = await buildUser(database.db, { discord_username: 'killed_api_speaker', speaker_topic: 'Staying up' });
    const session = await buildSpeakerSession(database.db, { session_title: 'Killed API take', speaker_id: user.id });
    const { token } = await issueSpeakerToken(database.db, session.id, null);
    const tokenRow = await database.db('speaker_tokens').where({ session_id: session.id }).first('id');
    expect(token).toBeTruthy();
    const cookie = `adx_studio=${(await createStudioCredential(database.db, session.id, tokenRow.id)).value}`;
    const res = await fetch(`${origin}${STUDIO_API}/recordings`, { method: 'POST', headers: { cookie, origin } });
    expect(res.status).toBe(201);
    const take = (await res.json()) as TStudioTake;

    const c = new IngestClient(origin, take.recording_id, { cookie });
    await c.hello();
    await c.sendAndAck(0, chunkBytes(0));
    const [ingest] = ingestProcesses(api.pid);
    expect(ingest).toBeGreaterThan(0);
    // Only the API's own Node process dies (not its process group): the ingest process must notice by itself.
    process.kill(parentOf(ingest!), 'SIGKILL');
    expect([1006, 1012]).toContain((await c.closed).code);
    await eventually(async () => !alive(ingest!), 10_000, 'the ingest process gone');
    expect(await database.db('recording_chunks').where({ recording_id: take.recording_id })).toHaveLength(1);
  });
});
