import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_API } from '@app/common/studio';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';
import { startTake, studioSpeaker } from '../helpers/studio';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
});

describe('studio REST', () => {
  it('starts a take (session scheduled → live), resumes the same take on a second call, and answers the state', async () => {
    const { sessionId, client } = await studioSpeaker(t.app, t.database.db);
    const first = await client.request('POST', `${STUDIO_API}/recordings`);
    expect(first.statusCode, first.body).toBe(201);
    const take = first.json();
    expect(take).toMatchObject({ session_id: sessionId, status: 'recording', next_seq: 0 });
    expect((await t.database.db('speaker_sessions').where({ id: sessionId }).first()).status).toBe('live');

    const again = await client.request('POST', `${STUDIO_API}/recordings`);
    expect(again.statusCode).toBe(200);
    expect(again.json().recording_id).toBe(take.recording_id);

    const state = (await client.request('GET', `${STUDIO_API}/state`)).json();
    expect(state.session).toMatchObject({ id: sessionId, status: 'live' });
    expect(state.take).toMatchObject({ recording_id: take.recording_id, status: 'recording', next_seq: 0, held_after: [], bytes_received: 0, final_seq: null });
  });

  it('refuses the studio routes without a studio credential, and a take of another session', async () => {
    expect((await anonymous(t.app).request('GET', `${STUDIO_API}/state`)).statusCode).toBe(401);
    const member = await signInAs(t.app, t.database.db, 'studio_member');
    expect((await member.request('POST', `${STUDIO_API}/recordings`)).statusCode).toBe(401);
    const a = await studioSpeaker(t.app, t.database.db);
    const b = await studioSpeaker(t.app, t.database.db);
    const takeA = await startTake(a.client);
    const res = await b.client.request('POST', `${STUDIO_API}/recordings/${takeA.recording_id}/finish`, { final_seq: 0 });
    expect(res.statusCode).toBe(403);
  });

  it('validates the finish body', async () => {
    const { client } = await studioSpeaker(t.app, t.database.db);
    const take = await startTake(client);
    const res = await client.request('POST', `${STUDIO_API}/recordings/${take.recording_id}/finish`, { final_seq: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ final_seq: ['final_seq must be 0 or more'] });
  });
});
