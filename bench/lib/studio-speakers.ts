/** The studio bench's simulated speakers: a scheduled session with a studio credential and a started take each, and their ingest sockets. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import WebSocket from 'ws';
import { createStudioCredential, issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { encodeFrame, INGEST_PATH, STUDIO_API, type TIngestAck, type TIngestHello } from '@app/common/studio';

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

/**
 * Streams `take` in `chunkBytes` frames as a new recording of a new session (pipelined, at most 8 frames unacked);
 * answers the speaker and the seconds it took.
 */
export async function streamTake(db: Knex, apiBase: string, take: Buffer, chunkBytes: number, log: (m: string) => void): Promise<{ sp: Speaker; ingestS: number }> {
  const chunks = Math.ceil(take.length / chunkBytes);
  const totalBytes = take.length;
  const [sp] = await startSpeakers(db, apiBase, 1);
  const conn = connect(apiBase, sp!);
  await conn.hello;
  let ackedTake = 0;
  conn.onAck = () => void ackedTake++;
  const ingestT0 = performance.now();
  for (let seq = 0; seq < chunks; seq++) {
    // Pipelined, at most 8 frames unacked (the studio's own resend window is larger; this is about finalize).
    while (seq - ackedTake >= 8) await sleep(1);
    conn.ws.send(encodeFrame(seq, take.subarray(seq * chunkBytes, (seq + 1) * chunkBytes)));
  }
  while (ackedTake < chunks) await sleep(10);
  const ingestS = (performance.now() - ingestT0) / 1000;
  conn.closing = true;
  conn.ws.close();
  log(`    ingested in ${ingestS.toFixed(1)} s (${(totalBytes / 1e6 / ingestS).toFixed(0)} MB/s over one socket)`);
  return { sp: sp!, ingestS };
}

/** Stop after `chunks` chunks of a second each: the API answers 202 and enqueues the take's finalize. */
export async function finishTake(apiBase: string, sp: Speaker, chunks: number): Promise<void> {
  const fin = await fetch(`${apiBase}${STUDIO_API}/recordings/${sp.recordingId}/finish`, {
    method: 'POST',
    headers: { cookie: sp.cookie, origin: apiBase, 'content-type': 'application/json' },
    body: JSON.stringify({ final_seq: chunks - 1, duration_seconds: chunks }),
  });
  if (fin.status !== 202) throw new Error(`finish: ${fin.status} ${await fin.text()}`);
}
