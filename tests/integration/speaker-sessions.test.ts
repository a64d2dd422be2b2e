import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TRANSITIONS, type SessionStatus } from '@app/common/domain/session-status';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';

let t: TestApp;
let admin: Client;
let speaker: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, t.database.db, 'session_admin', { admin: true });
  speaker = await signInAs(t.app, t.database.db, 'chosen_speaker');
});
afterAll(async () => {
  await t.close();
});

const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

async function create(title = 'Morning session', scheduled = future()) {
  const res = await admin.request('POST', '/api/speaker-sessions', { session_title: title, scheduled_date: scheduled, session_description: '', discord_channel_link: '', speaker_id: speaker.userId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { session: { id: string; status: string }; token: string; token_expires_at: string };
}

async function setStatus(id: string, status: SessionStatus) {
  await t.database.db('speaker_sessions').where({ id }).update({ status });
}

describe('manage sessions', () => {
  it('creates a session, answers its token once, lists newest first', async () => {
    const a = await create('Older', new Date(Date.now() + 86_400_000).toISOString());
    const b = await create('Newer', new Date(Date.now() + 5 * 86_400_000).toISOString());
    expect(a.token).toMatch(/^adxs_[\w-]{43}$/);
    const list = (await admin.request('GET', '/api/speaker-sessions')).json().sessions as Array<{ id: string }>;
    expect(list.findIndex((s) => s.id === b.session.id)).toBeLessThan(list.findIndex((s) => s.id === a.session.id));
    const stored = await t.database.db('speaker_tokens').where({ session_id: a.session.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(a.token);
  });

  it('requires a title, a scheduled date and a speaker', async () => {
    const res = await admin.request('POST', '/api/speaker-sessions', { session_title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ session_title: ['Title is required'], scheduled_date: ['Scheduled date is required'], speaker_id: ['Choose the speaker'] });
  });

  it('credits the member the admin chose, not the admin: in the list, the studio and the archive; an edit moves the credit', async () => {
    const { session, token } = await create('Chosen speaker');
    const listed = (await admin.request('GET', '/api/speaker-sessions')).json().sessions.find((s: { id: string }) => s.id === session.id);
    expect(listed).toMatchObject({ speaker_id: speaker.userId, speaker_name: 'chosen_speaker' });
    const auth = (await anonymous(t.app).request('POST', '/api/speaker/authenticate', { token })).json();
    expect(auth.speaker).toMatchObject({ id: speaker.userId, discord_username: 'chosen_speaker' });
    // Recorded under the first speaker, then re-credited: the archive entry follows.
    await t.database.db('session_archive').insert({ session_id: session.id, session_title: 'Chosen speaker', speaker_name: 'chosen_speaker' });
    const other = await signInAs(t.app, t.database.db, 'second_speaker');
    await t.database.db('users').where({ id: other.userId }).update({ speaker_topic: 'Second topic' });
    const edited = await admin.request('PATCH', `/api/speaker-sessions/${session.id}`, { speaker_id: other.userId });
    expect(edited.json()).toMatchObject({ speaker_id: other.userId, speaker_name: 'second_speaker' });
    expect(await t.database.db('session_archive').where({ session_id: session.id }).first('speaker_name', 'speaker_topic')).toEqual({ speaker_name: 'second_speaker', speaker_topic: 'Second topic' });
    await t.database.db('session_archive').where({ session_id: session.id }).delete();
  });

  it('offers members to choose from, and refuses a speaker who is not a member', async () => {
    const options = (await admin.request('GET', '/api/speaker-sessions/speaker-options?search=CHOSEN')).json();
    expect(options.members).toEqual([{ id: speaker.userId, username: 'chosen_speaker', avatar: null }]);
    const res = await admin.request('POST', '/api/speaker-sessions', { session_title: 'Nobody', scheduled_date: future(), speaker_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The speaker must be a member');
  });

  it('allows exactly the spec transitions, 409 for everything else', async () => {
    const statuses: SessionStatus[] = ['scheduled', 'live', 'completed', 'cancelled'];
    const { session } = await create('Transitions');
    for (const from of statuses) {
      for (const to of ['live', 'completed', 'cancelled'] as const) {
        await setStatus(session.id, from);
        const res = await admin.request('POST', `/api/speaker-sessions/${session.id}/status`, { status: to });
        const allowed = SESSION_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 409);
        if (!allowed) expect(res.json().message).toBe(`A ${from} session cannot become ${to}`);
      }
    }
  });

  it('edits and deletes', async () => {
    const { session } = await create('Draft');
    const edited = await admin.request('PATCH', `/api/speaker-sessions/${session.id}`, { session_title: 'Final title', discord_channel_link: 'https://discord.gg/example' });
    expect(edited.json()).toMatchObject({ session_title: 'Final title', discord_channel_link: 'https://discord.gg/example' });
    expect((await admin.request('DELETE', `/api/speaker-sessions/${session.id}`)).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/speaker-sessions/${session.id}`)).statusCode).toBe(404);
  });

  it('refuses every manage call to a member with 403', async () => {
    const member = await signInAs(t.app, t.database.db, 'just_a_member');
    const { session } = await create('Guarded');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/speaker-sessions'],
      ['GET', '/api/speaker-sessions/speaker-options'],
      ['POST', '/api/speaker-sessions', { session_title: 'x', scheduled_date: future() }],
      ['PATCH', `/api/speaker-sessions/${session.id}`, { session_title: 'x' }],
      ['DELETE', `/api/speaker-sessions/${session.id}`],
      ['POST', `/api/speaker-sessions/${session.id}/status`, { status: 'cancelled' }],
      ['POST', `/api/speaker-sessions/${session.id}/token`],
    ];
    for (const [method, url, body] of calls) expect((await member.request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
  });
});

describe('speaker tokens', () => {
  const auth = async (token: string) => (await anonymous(t.app).request('POST', '/api/speaker/authenticate', { token })).json();

  it('authenticates a valid token with the session and speaker, and sets a studio credential', async () => {
    const { session, token } = await create('Token session');
    const res = await anonymous(t.app).request('POST', '/api/speaker/authenticate', { token });
    expect(res.json()).toMatchObject({ valid: true, session: { id: session.id }, speaker: { discord_username: 'chosen_speaker' } });
    expect(String(res.headers['set-cookie'])).toMatch(/adx_studio=[\w-]+; .*HttpOnly; SameSite=Strict/);
  });

  it('refuses a wrong, a revoked (by regeneration), an expired and a closed-session token alike', async () => {
    expect(await auth('adxs_wrong')).toEqual({ valid: false, message: 'Authentication failed', session: null, speaker: null });
    const { session, token: first } = await create('Regenerated');
    const second = (await admin.request('POST', `/api/speaker-sessions/${session.id}/token`)).json().token as string;
    expect(await auth(first)).toMatchObject({ valid: false, message: 'Authentication failed' });
    expect(await auth(second)).toMatchObject({ valid: true });
    await t.database.db('speaker_tokens').where({ session_id: session.id }).whereNull('revoked_at').update({ expires_at: new Date(Date.now() - 1000) });
    expect(await auth(second)).toMatchObject({ valid: false });
    const closed = await create('Closed');
    await setStatus(closed.session.id, 'cancelled');
    expect(await auth(closed.token)).toMatchObject({ valid: false });
    expect(await t.database.db('security_audit_logs').where({ event_type: 'speaker_token_generated' }).count({ n: '*' }).first()).not.toEqual({ n: '0' });
  });

  it('expires at the end of the day after the session day', async () => {
    const { token_expires_at } = await create('Expiry', '2030-03-10T07:00:00-04:00');
    expect(token_expires_at).toBe('2030-03-12T00:00:00.000Z');
  });
});

describe('archive', () => {
  let ids: string[];
  beforeAll(async () => {
    const rows = await t.database.db('session_archive')
      .insert([
        { session_title: 'Owning the corner store', speaker_name: 'amara_okafor', speaker_topic: 'Cooperatives', duration_seconds: 900, actual_start_time: '2026-01-05T12:00:00Z' },
        { session_title: 'Ship it small', speaker_name: 'marcus_lee', speaker_topic: 'Product', duration_seconds: 1200, actual_start_time: '2026-01-07T12:00:00Z' },
        { session_title: 'Family budget', speaker_name: 'james_carter', speaker_topic: 'Faith and money', duration_seconds: 600, actual_start_time: '2026-01-09T12:00:00Z' },
      ])
      .returning('id');
    ids = rows.map((r: { id: string }) => r.id);
  });

  it('lists with the spec totals and searches title, speaker and topic', async () => {
    const all = (await anonymous(t.app).request('GET', '/api/archive')).json();
    expect(all.totals).toEqual({ sessions: 3, totalMinutes: 45, uniqueSpeakers: 3 });
    expect(all.sessions.map((s: { session_title: string }) => s.session_title)).toEqual(['Family budget', 'Ship it small', 'Owning the corner store']);
    for (const [q, title] of [['CORNER', 'Owning the corner store'], ['marcus', 'Ship it small'], ['faith', 'Family budget']]) {
      const r = (await anonymous(t.app).request('GET', `/api/archive?search=${q}`)).json();
      expect(r.sessions.map((s: { session_title: string }) => s.session_title)).toEqual([title]);
    }
  });

  it('sorts by duration and by recorded views; a view takes the viewer from the session', async () => {
    const byDuration = (await anonymous(t.app).request('GET', '/api/archive?sort=duration')).json();
    expect(byDuration.sessions.map((s: { duration_seconds: number }) => s.duration_seconds)).toEqual([1200, 900, 600]);
    const viewer = await signInAs(t.app, t.database.db, 'viewer_member');
    await viewer.request('POST', `/api/archive/${ids[0]}/view`, { user_id: 'someone-else' });
    await anonymous(t.app).request('POST', `/api/archive/${ids[0]}/view`);
    await anonymous(t.app).request('POST', `/api/archive/${ids[2]}/view`);
    const popular = (await anonymous(t.app).request('GET', '/api/archive?sort=popular')).json();
    expect(popular.sessions[0]).toMatchObject({ id: ids[0], views: 2 });
    const views = await t.database.db('session_views').where({ session_id: ids[0] }).orderBy('id');
    expect(views.map((v: { user_id: string | null }) => v.user_id)).toEqual([viewer.userId, null]);
  });

  it('favorites for members only', async () => {
    expect((await anonymous(t.app).request('PUT', `/api/archive/${ids[1]}/favorite`)).statusCode).toBe(401);
    const fan = await signInAs(t.app, t.database.db, 'fan_member');
    expect((await fan.request('PUT', `/api/archive/${ids[1]}/favorite`)).json()).toEqual({ favorite: true });
    expect((await fan.request('PUT', `/api/archive/${ids[1]}/favorite`)).json()).toEqual({ favorite: true });
    const list = (await fan.request('GET', '/api/archive')).json();
    expect(list.sessions.filter((s: { favorite: boolean }) => s.favorite).map((s: { id: string }) => s.id)).toEqual([ids[1]]);
    expect((await fan.request('DELETE', `/api/archive/${ids[1]}/favorite`)).json()).toEqual({ favorite: false });
    expect((await anonymous(t.app).request('GET', '/api/archive')).json().sessions.every((s: { favorite: boolean }) => !s.favorite)).toBe(true);
  });
});
