import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { parseBoth } from '../helpers/ical';
import { anonymous, signInAs, type Client } from '../helpers/session';

let t: TestApp;
let admin: Client;
let member: Client;
let speakerId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://adx.example' } });
  admin = await signInAs(t.app, t.database.db, 'feed_admin', { admin: true });
  member = await signInAs(t.app, t.database.db, 'feed_member');
  speakerId = (await signInAs(t.app, t.database.db, 'feed_speaker')).userId!;
});
afterAll(async () => t?.close());

async function createSession(title: string, at: Date): Promise<string> {
  const res = await admin.request('POST', '/api/speaker-sessions', { session_title: title, scheduled_date: at.toISOString(), speaker_id: speakerId, discord_channel_link: 'https://discord.example/channel/1' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().session.id as string;
}

const get = (url: string, headers: Record<string, string> = {}) => anonymous(t.app).request('GET', url, undefined, headers);
const uidOf = (id: string) => `session-${id}@adx.example`;

describe('calendar feeds', () => {
  it('a rescheduled session moves (SEQUENCE and DTSTART) and a cancelled one shows cancelled, in ical.js and python icalendar', async () => {
    // Whole minutes, as the manage form sets them (iCalendar times have whole seconds).
    const first = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 86_400_000);
    const id = await createSession('Discipline, daily', first);
    expect((await member.request('PUT', `/api/calendar/sessions/${id}/rsvp`)).statusCode).toBe(200);
    const link = (await member.request('POST', '/api/calendar/feed-link')).json() as { url: string; webcal_url: string };
    expect(link.webcal_url).toMatch(/^webcal:\/\/adx\.example\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\/sessions\.ics$/);
    const memberFeedPath = new URL(link.url).pathname;

    const read = async (path: string) => {
      const res = await get(path);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const events = await parseBoth(res.body);
      return { etag: String(res.headers.etag), event: events.find((e) => e.uid === uidOf(id)) };
    };

    const v0 = await read('/api/calendar/sessions.ics');
    expect(v0.event).toMatchObject({ sequence: 0, status: 'CONFIRMED', startMs: first.getTime(), summary: 'Discipline, daily' });
    expect((await get('/api/calendar/sessions.ics', { 'if-none-match': v0.etag })).statusCode).toBe(304);
    expect((await read(memberFeedPath)).event).toMatchObject({ sequence: 0, status: 'CONFIRMED' });

    const moved = new Date(first.getTime() + 2 * 86_400_000);
    expect((await admin.request('PATCH', `/api/speaker-sessions/${id}`, { scheduled_date: moved.toISOString() })).statusCode).toBe(200);
    const v1 = await read('/api/calendar/sessions.ics');
    expect(v1.etag).not.toBe(v0.etag);
    expect(v1.event).toMatchObject({ sequence: 1, status: 'CONFIRMED', startMs: moved.getTime() });
    expect((await get('/api/calendar/sessions.ics', { 'if-none-match': v0.etag })).statusCode).toBe(200);
    expect((await read(memberFeedPath)).event).toMatchObject({ sequence: 1, startMs: moved.getTime() });
    expect((await read(`/api/calendar/sessions/${id}/event.ics`)).event).toMatchObject({ sequence: 1, startMs: moved.getTime() });

    expect((await admin.request('POST', `/api/speaker-sessions/${id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const v2 = await read('/api/calendar/sessions.ics');
    expect(v2.event).toMatchObject({ sequence: 2, status: 'CANCELLED', startMs: moved.getTime() });
    expect((await read(memberFeedPath)).event).toMatchObject({ sequence: 2, status: 'CANCELLED' });
    const member304 = await get(memberFeedPath);
    expect((await get(memberFeedPath, { 'if-none-match': String(member304.headers.etag) })).statusCode).toBe(304);
  });

  it('sends the public feed gzipped to a client that takes it, the same calendar under its own ETag', async () => {
    await createSession('Accountability', new Date(Date.now() + 5 * 86_400_000));
    const plain = await t.app.inject({ method: 'GET', url: '/api/calendar/sessions.ics' });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/calendar/sessions.ics', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect((await parseBoth(gunzipSync(zipped.rawPayload).toString('utf8'))).length).toBeGreaterThan(0);
    for (const etag of [plain.headers.etag, zipped.headers.etag]) {
      const again = await t.app.inject({ method: 'GET', url: '/api/calendar/sessions.ics', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/calendar/sessions.ics', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a recorded session gains its archive link', async () => {
    const id = await createSession('Legacy', new Date(Date.now() + 60_000));
    for (const status of ['live', 'completed']) expect((await admin.request('POST', `/api/speaker-sessions/${id}/status`, { status })).statusCode).toBe(200);
    const before = (await parseBoth((await get('/api/calendar/sessions.ics')).body)).find((e) => e.uid === uidOf(id))!;
    expect((await admin.request('PUT', `/api/speaker-sessions/${id}/recording-url`, { recording_url: '/files/recordings/legacy.webm' })).statusCode).toBe(200);
    const after = (await parseBoth((await get('/api/calendar/sessions.ics')).body)).find((e) => e.uid === uidOf(id))!;
    expect(after.url).toBe('https://adx.example/files/recordings/legacy.webm');
    expect(after.sequence).toBe(before.sequence + 1);
  });

  it('the personal feed link is secret and revocable: a new link ends the old one', async () => {
    const a = new URL((await member.request('POST', '/api/calendar/feed-link')).json().url as string).pathname;
    expect((await get(a)).statusCode).toBe(200);
    const b = new URL((await member.request('POST', '/api/calendar/feed-link')).json().url as string).pathname;
    expect((await get(a)).statusCode).toBe(404);
    expect((await get(b)).statusCode).toBe(200);
    expect((await member.request('GET', '/api/calendar/settings')).json().feed_created_at).toEqual(expect.any(String));
    expect((await member.request('DELETE', '/api/calendar/feed-link')).statusCode).toBe(200);
    expect((await get(b)).statusCode).toBe(404);
    expect((await member.request('GET', '/api/calendar/settings')).json().feed_created_at).toBeNull();
  });

  it('RSVP: members only, scheduled sessions only; the upcoming list counts them and tells the viewer', async () => {
    const id = await createSession('Accountability', new Date(Date.now() + 86_400_000));
    expect((await anonymous(t.app).request('PUT', `/api/calendar/sessions/${id}/rsvp`)).statusCode).toBe(401);
    expect((await member.request('PUT', `/api/calendar/sessions/${id}/rsvp`)).json()).toEqual({ attending: true, rsvp_count: 1 });
    expect((await member.request('PUT', `/api/calendar/sessions/${id}/rsvp`)).json()).toEqual({ attending: true, rsvp_count: 1 });
    const mine = ((await member.request('GET', '/api/calendar/upcoming')).json().sessions as Array<{ id: string; attending: boolean; rsvp_count: number }>).find((s) => s.id === id);
    expect(mine).toMatchObject({ attending: true, rsvp_count: 1 });
    const visitor = ((await get('/api/calendar/upcoming')).json().sessions as Array<{ id: string; attending: boolean | null; speaker: { name: string } }>).find((s) => s.id === id);
    expect(visitor).toMatchObject({ attending: null, speaker: { name: 'feed_speaker' } });
    expect((await admin.request('GET', `/api/calendar/sessions/${id}/rsvps`)).json().members).toEqual([expect.objectContaining({ username: 'feed_member' })]);
    expect((await member.request('GET', `/api/calendar/sessions/${id}/rsvps`)).statusCode).toBe(403);
    expect((await member.request('DELETE', `/api/calendar/sessions/${id}/rsvp`)).json()).toEqual({ attending: false, rsvp_count: 0 });
    expect((await admin.request('POST', `/api/speaker-sessions/${id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await member.request('PUT', `/api/calendar/sessions/${id}/rsvp`)).statusCode).toBe(409);
  });
});
