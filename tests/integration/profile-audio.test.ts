import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories/index';
import { startTestApp, type TestApp } from '../helpers/app';
import { fakePng, fakeWebm, multipart } from '../helpers/multipart';
import { startFakeS3, type FakeS3 } from '../helpers/s3';
import { anonymous, signInAs, type Client } from '../helpers/session';

const TEN_MB = 10 * 1024 * 1024;

function upload(client: Client, body: Buffer, opts: { filename?: string; contentType?: string; field?: string; extra?: Record<string, string>; url?: string } = {}) {
  const { payload, headers } = multipart([
    ...Object.entries(opts.extra ?? {}).map(([name, value]) => ({ name, value })),
    { name: opts.field ?? 'audio', value: body, filename: opts.filename ?? 'recording.webm', contentType: opts.contentType ?? 'audio/webm' },
  ]);
  return client.request('POST', opts.url ?? '/api/me/audio', payload, headers);
}

async function audioUrlOf(t: TestApp, userId: string): Promise<string | null> {
  const row = (await t.database.db('users').where({ id: userId }).first('audio_file_url')) as { audio_file_url: string | null };
  return row.audio_file_url;
}

describe.each(['disk', 's3'] as const)('profile audio upload on the %s driver', (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let alice: Client;
  let bob: Client;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startFakeS3();
    t = await startTestApp({ env: s3?.env ?? {} });
    alice = await signInAs(t.app, t.database.db, 'alice');
    bob = await signInAs(t.app, t.database.db, 'bob');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uses the configured driver', () => {
    expect(t.app.storage.driver).toBe(driver);
  });

  it('stores a speaker-page recording under user-audio/{discord_id}/audio-{timestamp}.webm and replaces the profile one', async () => {
    const carol = await signInAs(t.app, t.database.db, 'carol');
    const first = await upload(carol, fakeWebm(10_000));
    expect(first.statusCode, first.body).toBe(201);
    const profileUrl = (await audioUrlOf(t, carol.userId!))!;
    const res = await upload(carol, fakeWebm(20_000), { url: '/api/me/audio?purpose=speaker' });
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await audioUrlOf(t, carol.userId!))!;
    // The dev sign-in's discord_id is 'dev:carol'; ':' cannot be in a key, so the folder is 'dev_carol'.
    expect(stored).toMatch(/^\/files\/user-audio\/dev_carol\/audio-\d{13}\.webm$/);
    // The page plays it through the access-checked route, never from /files (see profile-privacy.test.ts).
    const { audioUrl } = res.json() as { audioUrl: string };
    expect(audioUrl).toBe(`/api/members/${carol.userId}/audio?v=${stored.slice(stored.lastIndexOf('/') + 1)}`);
    const file = await carol.request('GET', audioUrl);
    expect([file.statusCode, file.headers['cache-control']]).toEqual([200, 'private, no-cache']);
    expect(await t.app.storage.exists(profileUrl.slice('/files/'.length))).toBe(false);
    expect((await upload(carol, fakeWebm(1_000), { url: '/api/me/audio?purpose=podcast' })).statusCode).toBe(400);
  });

  it('stores the owner\'s recording under user-audio/{userId}/audio_{timestamp}.webm and serves it to the owner with byte ranges', async () => {
    const body = fakeWebm(50_000);
    const res = await upload(alice, body);
    expect(res.statusCode).toBe(201);
    const { audioUrl, size } = res.json() as { audioUrl: string; size: number };
    expect(size).toBe(50_000);
    const stored = (await audioUrlOf(t, alice.userId!))!;
    expect(stored).toMatch(new RegExp(`^/files/user-audio/${alice.userId}/audio_\\d{13}\\.webm$`));
    expect(audioUrl).toBe(`/api/members/${alice.userId}/audio?v=${stored.slice(stored.lastIndexOf('/') + 1)}`);
    expect(await t.app.storage.exists(stored.slice('/files/'.length))).toBe(true);

    const file = await alice.request('GET', audioUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/webm');
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.rawPayload.equals(body)).toBe(true);

    const part = await alice.request('GET', audioUrl, undefined, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-3/50000');
    expect([...part.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect((await alice.request('GET', audioUrl, undefined, { range: 'bytes=60000-' })).statusCode).toBe(416);

    // Profile Visibility is off by default: another member sees no audio (profile-privacy.test.ts has the rest).
    const profile = await bob.request('GET', '/api/profiles/alice');
    expect(profile.json()).toMatchObject({ username: 'alice', audioUrl: null, isOwner: false });
  });

  it('deletes the previous file once the new one is saved', async () => {
    const before = (await audioUrlOf(t, alice.userId!))!;
    await new Promise((r) => setTimeout(r, 5));
    const res = await upload(alice, fakeWebm(3000));
    expect(res.statusCode).toBe(201);
    const after = (await audioUrlOf(t, alice.userId!))!;
    expect(after).not.toBe(before);
    expect(await t.app.storage.exists(before.slice('/files/'.length))).toBe(false);
    expect(await t.app.storage.exists(after.slice('/files/'.length))).toBe(true);
    expect((await alice.request('GET', (res.json() as { audioUrl: string }).audioUrl)).statusCode).toBe(200);
  });

  it('always stores for the signed-in member: a user id smuggled in the form or the query is ignored', async () => {
    const aliceUrl = await audioUrlOf(t, alice.userId!);
    const res = await upload(bob, fakeWebm(1000), { extra: { userId: alice.userId!, user_id: alice.userId! }, url: `/api/me/audio?userId=${alice.userId}` });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { audioUrl: string }).audioUrl.startsWith(`/api/members/${bob.userId}/audio?`)).toBe(true);
    expect((await audioUrlOf(t, bob.userId!))!.startsWith(`/files/user-audio/${bob.userId}/`)).toBe(true);
    expect(await audioUrlOf(t, alice.userId!)).toBe(aliceUrl);
    // And there is no route that names another member's profile for writing.
    expect((await upload(bob, fakeWebm(1000), { url: '/api/profiles/alice/audio' })).statusCode).toBe(404);
  });

  it('refuses 11 MB with 413 and a clear message, and keeps the old recording', async () => {
    const before = await audioUrlOf(t, alice.userId!);
    const res = await upload(alice, fakeWebm(11 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The recording is too large: audio files can be at most 10 MB.');
    expect(await audioUrlOf(t, alice.userId!)).toBe(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const res = await upload(alice, fakeWebm(TEN_MB));
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(TEN_MB);
  });

  it('refuses a PNG renamed .webm with 415, whatever type it claims', async () => {
    const before = await audioUrlOf(t, alice.userId!);
    for (const contentType of ['audio/webm', 'image/png']) {
      const res = await upload(alice, fakePng(), { filename: 'picture.webm', contentType });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('The file is not a WebM audio recording: record it on this page, or upload an audio/webm file.');
    }
    // WebM bytes declared as something else entirely are refused too.
    expect((await upload(alice, fakeWebm(), { contentType: 'image/png' })).statusCode).toBe(415);
    expect(await audioUrlOf(t, alice.userId!)).toBe(before);
  });

  it('accepts the types browsers give a MediaRecorder blob', async () => {
    for (const contentType of ['audio/webm;codecs=opus', 'video/webm', 'application/octet-stream']) {
      expect((await upload(alice, fakeWebm(), { contentType })).statusCode, contentType).toBe(201);
    }
  });

  it('answers 401 to an anonymous upload', async () => {
    const res = await upload(anonymous(t.app), fakeWebm());
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 without the CSRF token', async () => {
    const csrf = alice.csrf;
    alice.csrf = null;
    try {
      expect((await upload(alice, fakeWebm())).statusCode).toBe(403);
    } finally {
      alice.csrf = csrf;
    }
  });

  it('answers 400 for a missing or empty file and 415 for a body that is not multipart', async () => {
    expect((await upload(alice, fakeWebm(), { field: 'other' })).json().message).toMatch(/field "audio"/);
    const empty = await upload(alice, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const json = await alice.request('POST', '/api/me/audio', { audio: 'AAAA' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart\/form-data/);
  });
});

describe('profiles', () => {
  let t: TestApp;
  let carol: Client;
  let dave: Client;

  beforeAll(async () => {
    t = await startTestApp();
    carol = await signInAs(t.app, t.database.db, 'Carol_B', { email: 'carol@example.org' });
    dave = await signInAs(t.app, t.database.db, 'dave');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 with the spec\'s message for an unknown username', async () => {
    const res = await carol.request('GET', '/api/profiles/nobody_here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No user found with username nobody_here');
  });

  it('is for members only', async () => {
    expect((await anonymous(t.app).request('GET', '/api/profiles/carol_b')).statusCode).toBe(401);
  });

  it('finds a member case-insensitively, with member since, and knows who is the owner', async () => {
    const own = (await carol.request('GET', '/api/profiles/carol_b')).json();
    expect(own).toMatchObject({ id: carol.userId, username: 'Carol_B', bio: null, audioUrl: null, avatar: null, isOwner: true });
    expect(new Date(own.memberSince).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const seen = (await dave.request('GET', '/api/profiles/CAROL_B')).json();
    expect(seen.isOwner).toBe(false);
  });

  it('shows the e-mail only when its owner turned e-mail visibility on', async () => {
    expect((await dave.request('GET', '/api/profiles/carol_b')).json().email).toBeNull();
    expect((await carol.request('GET', '/api/profiles/carol_b')).json().email).toBeNull();
    const put = await carol.request('PUT', '/api/me/privacy', { profile_visibility: false, email_visibility: true, directory_listing: false });
    expect(put.statusCode).toBe(200);
    expect((await dave.request('GET', '/api/profiles/carol_b')).json().email).toBe('carol@example.org');
  });

  it('shows the bio when its owner made the profile visible, and hides members without a Discord id', async () => {
    await t.database.db('users').where({ id: dave.userId }).update({ bio: 'Builder of things.' });
    expect((await carol.request('GET', '/api/profiles/dave')).json().bio).toBeNull();
    await dave.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: false, directory_listing: false });
    expect((await carol.request('GET', '/api/profiles/dave')).json().bio).toBe('Builder of things.');
    await buildUser(t.database.db, { discord_username: 'ghost', discord_id: null });
    expect((await carol.request('GET', '/api/profiles/ghost')).statusCode).toBe(404);
  });
});
