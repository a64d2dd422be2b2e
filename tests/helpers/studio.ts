import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import WebSocket from 'ws';
import { encodeFrame, INGEST_PATH, STUDIO_API, ZIngestServerMessage, type TIngestAck, type TIngestHello, type TStudioTake } from '@app/common/studio';
import { issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { buildSpeakerSession, buildUser } from '../factories/index';
import { anonymous, type Client } from './session';

/** A scheduled session (with a speaker user) and a client holding its studio credential. */
export async function studioSpeaker(app: FastifyInstance, db: Knex, title = 'Studio session'): Promise<{ sessionId: string; speakerId: string; client: Client }> {
  const user = await buildUser(db, { discord_username: `speaker_${randomBytes(3).toString('hex')}`, discord_avatar_url: 'https://cdn.example/a.png', speaker_topic: 'Trust' });
  const session = await buildSpeakerSession(db, { session_title: title, speaker_id: user.id });
  const { token } = await issueSpeakerToken(db, session.id, null);
  const client = anonymous(app);
  const res = await client.request('POST', '/api/speaker/authenticate', { token });
  if (!res.json().valid) throw new Error(`speaker sign-in failed: ${res.body}`);
  return { sessionId: session.id as string, speakerId: user.id as string, client };
}

/** POST /api/studio/recordings. */
export async function startTake(client: Client): Promise<TStudioTake> {
  const res = await client.request('POST', `${STUDIO_API}/recordings`);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`start take: ${res.statusCode} ${res.body}`);
  return res.json() as TStudioTake;
}

/** The EBML magic a WebM stream's first chunk starts with (the ingest socket checks seq 0 for it). */
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * Deterministic chunk bytes for a seq (so a resend after reconnect carries the same bytes). Seq 0
 * starts with the WebM magic, as a recorder's first chunk does; the rest is noise, so only the ingest
 * side can use these (finalize needs real media: helpers/media.ts).
 */
export function chunkBytes(seq: number, size = 4096, salt = 'take'): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(`${salt}:${seq}`).digest();
  for (let i = 0; i < size; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  if (seq === 0) WEBM_MAGIC.copy(out, 0);
  return out;
}

export const sha256 = (b: Buffer | Buffer[]) => {
  const h = createHash('sha256');
  for (const part of [b].flat()) h.update(part);
  return h.digest('hex');
};

/** A real WebSocket client of the ingest socket that records every message and the close code. */
export class IngestClient {
  readonly ws: WebSocket;
  readonly messages: Array<TIngestHello | TIngestAck> = [];
  closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(baseUrl: string, recordingId: string, opts: { cookie?: string; origin?: string | null } = {}) {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin !== null) headers.origin = opts.origin ?? baseUrl;
    this.ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${INGEST_PATH}?recording=${recordingId}`, { headers });
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the server sent a binary message');
      this.messages.push(ZIngestServerMessage.parse(JSON.parse(String(data))));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of this.waiters.splice(0)) w();
    }));
  }

  private async until<T>(pick: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = pick();
      if (v !== undefined) return v;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${what}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  hello(): Promise<TIngestHello> {
    return this.until(() => this.messages.find((m): m is TIngestHello => m.type === 'hello'), 'hello');
  }

  /** Acks received for `seq`, once there are `count` of them. */
  acks(seq: number, count = 1): Promise<TIngestAck[]> {
    return this.until(() => {
      const found = this.messages.filter((m): m is TIngestAck => m.type === 'ack' && m.seq === seq);
      return found.length >= count ? found : undefined;
    }, `ack ${seq}`);
  }

  send(seq: number, chunk: Buffer): void {
    this.ws.send(encodeFrame(seq, chunk));
  }

  /** Sends and waits for that seq's (next) ack. */
  async sendAndAck(seq: number, chunk: Buffer): Promise<TIngestAck> {
    const before = this.messages.filter((m) => m.type === 'ack' && m.seq === seq).length;
    this.send(seq, chunk);
    return (await this.acks(seq, before + 1))[before]!;
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}
