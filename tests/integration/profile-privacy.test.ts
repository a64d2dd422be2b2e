import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { fakeWebm, multipart } from '../helpers/multipart';
import { startFakeS3, type FakeS3 } from '../helpers/s3';
import { anonymous, signInAs, type Client } from '../helpers/session';

const BIO = 'Baker in Oakland; ask me about sourdough.';

async function uploadAudio(client: Client, body: Buffer): Promise<string> {
  const { payload, headers } = multipart([{ name: 'audio', value: body, filename: 'recording.webm', contentType: 'audio/webm' }]);
  const res = await client.request('POST', '/api/me/audio', payload, headers);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { audioUrl: string }).audioUrl;
}

async function setVisibility(client: Client, on: boolean): Promise<void> {
  const res = await client.request('PUT', '/api/me/privacy', { profile_visibility: on, email_visibility: false, directory_listing: false });
  expect(res.statusCode).toBe(200);
}

// 's3-public': S3 with S3_PUBLIC_URL, where the stored URL points at the bucket, yet the API still streams it.
describe.each(['disk', 's3', 's3-public'] as const)('Profile Visibility is enforced on the server (%s storage)', (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let audio: Buffer;
  let servedUrl: string;
  let storedUrl: string;

  beforeAll(async () => {
    if (driver !== 'disk') s3 = await startFakeS3();
    t = await startTestApp({ env: s3 ? { ...s3.env, ...(driver === 's3-public' ? { S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` } : {}) } : {} });
    owner = await signInAs(t.app, t.database.db, 'private_pat');
    other = await signInAs(t.app, t.database.db, 'curious_cal');
    admin = await signInAs(t.app, t.database.db, 'admin_ada', { admin: true });
    audio = fakeWebm(20_000);
    servedUrl = await uploadAudio(owner, audio);
    expect((await owner.request('PUT', '/api/me/speaker-profile', { speaker_topic: 'Sourdough for beginners', bio: BIO })).statusCode).toBe(200);
    storedUrl = ((await t.database.db('users').where({ id: owner.userId }).first('audio_file_url')) as { audio_file_url: string }).audio_file_url;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('hides bio and audio from another member by default, on the profile and on the speaker list', async () => {
    const profile = (await other.request('GET', '/api/profiles/private_pat')).json();
    expect(profile).toMatchObject({ username: 'private_pat', bio: null, audioUrl: null, isOwner: false, profileVisible: false });
    const speakers = (await other.request('GET', '/api/speakers')).json().speakers as Array<Record<string, unknown>>;
    // The topic is what a speaker agrees to show by setting it; the bio and audio are not.
    expect(speakers.find((s) => s.id === owner.userId)).toMatchObject({ speaker_topic: 'Sourdough for beginners', bio: null, audio_file_url: null });
  });

  it('tells another member that details are hidden (so the page says private, not empty)', async () => {
    expect((await other.request('GET', '/api/profiles/private_pat')).json()).toMatchObject({ bio: null, detailsHidden: true });
    expect((await owner.request('GET', '/api/profiles/private_pat')).json()).toMatchObject({ bio: BIO, detailsHidden: false });
  });

  it('refuses the recording to another member, an anonymous visitor and a copied /files URL', async () => {
    expect(storedUrl).toMatch(driver === 's3-public' ? /^http:\/\/127\.0\.0\.1:\d+\/adx-test\/user-audio\// : /^\/files\/user-audio\//);
    expect((await other.request('GET', servedUrl)).statusCode).toBe(404);
    expect((await anonymous(t.app).request('GET', servedUrl)).statusCode).toBe(401);
    expect((await anonymous(t.app).request('GET', '/api/profiles/private_pat')).statusCode).toBe(401);
    const filesUrl = `/files/${t.app.storage.keyFromPublicUrl(storedUrl)}`;
    for (const who of [anonymous(t.app), other, owner]) {
      const res = await who.request('GET', filesUrl);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(audio.subarray(0, 64))).toBe(false);
    }
  });

  it('still shows both to the owner and to admins', async () => {
    for (const who of [owner, admin]) {
      const profile = (await who.request('GET', '/api/profiles/private_pat')).json();
      expect(profile).toMatchObject({ bio: BIO, audioUrl: servedUrl });
      const file = await who.request('GET', servedUrl);
      expect([file.statusCode, file.headers['cache-control'], file.headers['content-type']]).toEqual([200, 'private, no-cache', 'audio/webm']);
      expect(file.rawPayload.equals(audio)).toBe(true);
    }
    const part = await admin.request('GET', servedUrl, undefined, { range: 'bytes=0-3' });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, 'bytes 0-3/20000']);
    expect((await owner.request('GET', '/api/me/speaker-profile')).json()).toMatchObject({ bio: BIO, audio_file_url: servedUrl });
  });

  it('shows them to other members once the owner turns Profile Visibility on, and hides them again when it is off', async () => {
    await setVisibility(owner, true);
    expect((await other.request('GET', '/api/profiles/private_pat')).json()).toMatchObject({ bio: BIO, audioUrl: servedUrl, profileVisible: true });
    const speakers = (await other.request('GET', '/api/speakers')).json().speakers as Array<Record<string, unknown>>;
    expect(speakers.find((s) => s.id === owner.userId)).toMatchObject({ bio: BIO, audio_file_url: servedUrl });
    const file = await other.request('GET', servedUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(audio)).toBe(true);
    // Visible or not, the stored file is never served from /files.
    expect((await other.request('GET', `/files/${t.app.storage.keyFromPublicUrl(storedUrl)}`)).statusCode).toBe(404);

    await setVisibility(owner, false);
    expect((await other.request('GET', '/api/profiles/private_pat')).json()).toMatchObject({ bio: null, audioUrl: null });
    expect((await other.request('GET', servedUrl)).statusCode).toBe(404);
  });
});
