import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { WebSocket } from 'ws';
import { CONTAINER_MIME, sniffContainer, type MediaContainer } from '@app/common/media-container';
import { checkStudioCredential } from '@app/common/server/sessions/speaker-sessions.repository';
import { recordChunk, type ChunkRow, type StoreOutcome } from '@app/common/server/studio/recording-chunks.repository';
import { claimContainer, findRecording, heldSeqs, resumePoint } from '@app/common/server/studio/recordings.repository';
import type { Storage } from '@app/common/server/storage/index';
import { chunkObjectKey, decodeFrame, INGEST_CLOSE, INGEST_CLOSE_REASONS, MAX_FRAME_BYTES, MAX_RECORDING_BYTES, MAX_SEQ, type TIngestAck, type TIngestHello } from '@app/common/studio';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What one ingest socket needs from the API and from its upgrade request. */
export interface IngestDeps {
  db: Knex;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The socket currently sending each take (shared by every socket of this API: a newer one replaces it). */
  senders: Map<string, WebSocket>;
  credentialRecheckMs: number;
  /** Records a stored chunk's row (recordChunk, or the API's batch of the chunks that arrive together). */
  record: (chunk: ChunkRow) => Promise<StoreOutcome>;
  /** A new chunk's bytes were stored (not a duplicate): the ingest figures count them. */
  stored: (bytes: number) => void;
}

export interface IngestRequest {
  /** The take asked for (query `recording`). */
  recordingId: string;
  /** The session of the studio credential, if any. */
  studioSessionId: string | undefined;
  /** The raw credential, checked again every credentialRecheckMs. */
  credential: string;
  originAllowed: boolean;
}

/**
 * One ingest socket's take: authenticates it, answers the hello, then stores each frame. A chunk is
 * written to object storage, THEN its (recording, seq) row is inserted under the take's row lock (which
 * also checks the take is live and under quota), THEN acked: an ack always means durable. Resends of a
 * stored seq are acked with duplicate: true and stored once.
 */
export class IngestSession {
  private take: { id: string; sessionId: string } | null = null;
  private readonly held = new Set<number>();
  private nextSeq = 0;
  private bytesReceived = 0;
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: IngestDeps,
  ) {}

  /** Closes with one of the contract's codes (its reason text unless given), once. */
  closeWith(code: number, reason = INGEST_CLOSE_REASONS[code] ?? ''): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
  }

  /** The socket closed: stop rechecking and free the take for another socket. */
  dispose(): void {
    clearInterval(this.recheck);
    if (this.take && this.deps.senders.get(this.take.id) === this.socket) this.deps.senders.delete(this.take.id);
  }

  /** Checks origin, credential and take, then sends the hello; false when the socket was refused. */
  async open(req: IngestRequest): Promise<boolean> {
    const { db, senders } = this.deps;
    if (!req.originAllowed) return this.refuse(INGEST_CLOSE.badOrigin);
    if (!req.studioSessionId) return this.refuse(INGEST_CLOSE.unauthorized);
    const rec = UUID.test(req.recordingId) ? await findRecording(db, req.recordingId) : undefined;
    if (!rec) return this.refuse(INGEST_CLOSE.unknownRecording);
    if (rec.session_id !== req.studioSessionId) return this.refuse(INGEST_CLOSE.wrongSession);
    if (rec.status !== 'recording') return this.refuse(INGEST_CLOSE.notLive);
    if (this.socket.readyState !== this.socket.OPEN) return false;
    this.take = { id: rec.id, sessionId: rec.session_id };
    const previous = senders.get(rec.id);
    senders.set(rec.id, this.socket);
    if (previous && previous !== this.socket && previous.readyState === previous.OPEN) previous.close(INGEST_CLOSE.replaced, INGEST_CLOSE_REASONS[INGEST_CLOSE.replaced]);
    const seqs = await heldSeqs(db, rec.id);
    for (const s of seqs) this.held.add(s);
    const point = resumePoint(seqs);
    this.nextSeq = point.nextSeq;
    this.bytesReceived = Number(rec.bytes_received);
    const hello: TIngestHello = { type: 'hello', recording_id: rec.id, next_seq: this.nextSeq, held_after: point.heldAfter, bytes_received: this.bytesReceived, max_frame_bytes: MAX_FRAME_BYTES };
    this.socket.send(JSON.stringify(hello));
    this.watchCredential(req.credential, rec.session_id);
    return true;
  }

  /** Stores one frame (frames are handed over one at a time, in arrival order). */
  async handle(data: Buffer, isBinary: boolean): Promise<void> {
    const take = this.take;
    if (this.socket.readyState !== this.socket.OPEN || !take) return;
    if (this.deps.senders.get(take.id) !== this.socket) return; // replaced meanwhile
    const frame = isBinary ? decodeFrame(data) : null;
    if (!frame || frame.seq > MAX_SEQ) return this.closeWith(INGEST_CLOSE.badFrame);
    const { seq, chunk } = frame;
    if (chunk.byteLength === 0) return this.closeWith(INGEST_CLOSE.emptyChunk);
    // Known resends are answered from memory (the held set is loaded at connect and kept up to date);
    // anything else is written, then the insert decides (another socket may have stored it).
    if (this.held.has(seq)) return this.ack(seq, true);
    // Most chunks are the middle of a stream: no container to check, and no await for it.
    const container = sniffContainer(chunk);
    if ((container || seq === 0) && !(await this.checkContainer(take.id, seq, container))) return;
    if (this.bytesReceived + chunk.byteLength > MAX_RECORDING_BYTES) return this.closeWith(INGEST_CLOSE.quotaExceeded);
    const key = chunkObjectKey(take.sessionId, take.id, seq);
    const sha256 = createHash('sha256').update(chunk).digest('hex');
    // A blob: chunks are never served, so no metadata file and no stat after the write (one file, one rename).
    await this.deps.storage.putBlob(key, chunk);
    const row = { recording_id: take.id, seq, size_bytes: chunk.byteLength, storage_key: key, sha256 };
    // A batch that failed is tried again alone, so no chunk fails for another one's sake.
    const out = await this.deps.record(row).catch(() => recordChunk(this.deps.db, row));
    if (out.kind !== 'stored' && out.kind !== 'duplicate') return this.refuseFor(out);
    this.held.add(seq);
    this.bytesReceived = out.bytesReceived;
    while (this.held.has(this.nextSeq)) this.nextSeq++;
    if (out.kind === 'stored') this.deps.stored(chunk.byteLength);
    this.ack(seq, out.kind === 'duplicate');
  }

  /**
   * Seq 0 must open a WebM or MP4 stream; any chunk that opens one fixes (or must match) the take's
   * container. Later chunks are the middle of a stream and carry no magic to check: finalize's remux
   * is what rejects a corrupt middle.
   */
  private async checkContainer(recordingId: string, seq: number, container: MediaContainer | null): Promise<boolean> {
    if (!container) {
      if (seq === 0) this.closeWith(INGEST_CLOSE.notMedia);
      return seq !== 0;
    }
    if (await claimContainer(this.deps.db, recordingId, container, CONTAINER_MIME[container])) return true;
    this.closeWith(INGEST_CLOSE.containerChanged);
    return false;
  }

  private refuse(code: number): false {
    this.closeWith(code);
    return false;
  }

  private refuseFor(o: StoreOutcome): void {
    if (o.kind === 'unknown') this.closeWith(INGEST_CLOSE.unknownRecording);
    else if (o.kind === 'not_live') this.closeWith(INGEST_CLOSE.notLive);
    else if (o.kind === 'quota') this.closeWith(INGEST_CLOSE.quotaExceeded);
  }

  private ack(seq: number, duplicate: boolean): void {
    const a: TIngestAck = { type: 'ack', seq, duplicate, next_seq: this.nextSeq, bytes_received: this.bytesReceived };
    this.socket.send(JSON.stringify(a));
  }

  /** A credential revoked by a new speaker token, or expired, ends the socket with 4401 within credentialRecheckMs. */
  private watchCredential(credential: string, sessionId: string): void {
    this.recheck = setInterval(() => {
      checkStudioCredential(this.deps.db, credential).then(
        (current) => {
          if (current !== sessionId) this.closeWith(INGEST_CLOSE.unauthorized);
        },
        (err: unknown) => this.deps.log.warn({ err }, 'studio credential recheck failed'),
      );
    }, this.deps.credentialRecheckMs);
    this.recheck.unref();
  }
}
