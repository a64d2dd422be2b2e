/** The studio bench's simulated speakers: a scheduled session with a studio credential and a started take each, and their ingest sockets. */
import type { Knex } from 'knex';
import WebSocket from 'ws';
import { createStudioCredential, issueSpeakerToken } from '@app/common/server/speaker-sessions.repository';
import { INGEST_PATH, STUDIO_API, type TIngestAck, type TIngestHello } from '@app/common/studio';

const COOKIE = '__Secure-adx_studio'; // the API runs with NODE_ENV=production

export interface Speaker {
  sessionId: string;
  cookie: string;
  recordingId: string;
}

/** N scheduled sessions, each with a studio credential (issued as authenticate does; the HTTP route's 5-per-5-minutes limit is per IP) and a started take. */
export async function startSpeakers(db: Knex, apiBase: string, n: number): Promise<Speaker[]> {
  const out: Speaker[] = [];
  for (let i = 0; i < n; i++) {
    const [s] = (await db('speaker_sessions').insert({ session_title: `bench ${i}`, scheduled_date: new Date(Date.now() + 3_600_000) }).returning('id')) as Array<{ id: string }>;
    await issueSpeakerToken(db, s!.id, null);
    const token = (await db('speaker_tokens').where({ session_id: s!.id }).whereNull('revoked_at').first('id')) as { id: string };
    const cred = await createStudioCredential(db, s!.id, token.id);
    const cookie = `${COOKIE}=${cred.value}`;
    const res = await fetch(`${apiBase}${STUDIO_API}/recordings`, { method: 'POST', headers: { cookie, origin: apiBase } });
    if (res.status !== 201) throw new Error(`start take: ${res.status} ${await res.text()}`);
    const take = (await res.json()) as { recording_id: string };
    out.push({ sessionId: s!.id, cookie, recordingId: take.recording_id });
  }
  return out;
}

export interface Conn {
  ws: WebSocket;
  hello: Promise<TIngestHello>;
  onAck: (a: TIngestAck) => void;
  closedUnexpectedly: { code: number; reason: string } | null;
  closing: boolean;
}

/** The speaker's ingest WebSocket; `hello` resolves with the server's first message, acks go to `onAck`. */
export function connect(apiBase: string, sp: Speaker): Conn {
  const ws = new WebSocket(`${apiBase.replace(/^http/, 'ws')}${INGEST_PATH}?recording=${sp.recordingId}`, { headers: { cookie: sp.cookie, origin: apiBase }, perMessageDeflate: false });
  const conn: Conn = { ws, hello: undefined as never, onAck: () => undefined, closedUnexpectedly: null, closing: false };
  conn.hello = new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as TIngestHello | TIngestAck;
      if (m.type === 'hello') resolve(m);
      else conn.onAck(m);
    });
    ws.on('error', reject);
  });
  ws.on('close', (code, reason) => {
    if (!conn.closing) conn.closedUnexpectedly = { code, reason: reason.toString() };
  });
  return conn;
}
