import { z } from 'zod';
import { RECORDING_STATUSES } from './domain/session-status';
import { ZSpeakerSession } from './schemas/sessions';

/**
 * The live studio's wire contract, shared by the API's ingest socket, the worker's finalize job and the
 * browser studio. Flow (see ARCHITECTURE.md 'Recording'):
 *
 * 1. The speaker authenticates (POST /api/speaker/authenticate) and holds the `adx_studio` credential
 *    cookie scoped to one session.
 * 2. POST {@link STUDIO_API}/recordings starts a take: the session goes scheduled → live and a recording
 *    id is answered. Only one take per session is live; asking again while it is live answers the same
 *    take (a reloaded page resumes it).
 * 3. The browser opens the ingest WebSocket at {@link INGEST_PATH}?recording={id}. The server's first
 *    message is a {@link TIngestHello} with `next_seq`: the highest contiguous seq it holds + 1. The
 *    client then sends every chunk it has not seen acknowledged, from `next_seq` on.
 * 4. Each chunk is ONE binary frame: a {@link FRAME_HEADER_BYTES}-byte header (uint32 big-endian seq)
 *    followed by the MediaRecorder bytes (never empty). Seq 0 must start with a WebM or MP4 header
 *    (media-container.ts sniffs it); a later chunk that starts another container is refused. The server stores (recording, seq) idempotently and answers a
 *    {@link TIngestAck} (a resend of a stored seq is acked again, never stored twice).
 * 5. Stop: once every chunk is acked, POST {@link STUDIO_API}/recordings/{id}/finish with the last seq.
 *    The server enqueues `recording.finalize` (jobId = recording id) and answers 202; the session becomes
 *    completed only after the worker has finalized. Missing chunks answer 409 with their seqs.
 * 6. Status and progress reach the studio and the admin's manage tab through Socket.IO (room
 *    `session:{id}`, events in events.ts).
 *
 * Server behaviour the client relies on (api/src/modules/studio/*):
 * - Every studio route needs the credential cookie: 401 without it (then authenticate again).
 *   POST recordings answers 201 for a new take, 200 for the live one resumed, 409 when the session is
 *   completed/cancelled or its last take is still finalizing. GET {@link STUDIO_API}/state answers
 *   {@link ZStudioState}: refetch it on load and after every reconnect.
 * - The socket closes with a code of {@link INGEST_CLOSE} (never reconnect after those: see
 *   {@link INGEST_FATAL_CODES}); 1012 when the API restarts, 1011 when a chunk could not be stored,
 *   1006 on network loss: reconnect with backoff, read the hello, resend every unacked chunk.
 * - An ack means the chunk is durable (object storage + Postgres). Acks come in the order frames were
 *   sent on that socket. Frames sent before the hello are processed after it, in order.
 * - finish: 202 + the take (status finalizing, next_seq = final_seq + 1), also for a repeat with the
 *   same final_seq; 409 {@link ZMissingChunks} with the seqs to resend; 409 (ZApiError) when the take
 *   failed or was finished at another seq; 403 for another session's take.
 */

/** REST prefix for the studio (credential cookie required). */
export const STUDIO_API = '/api/studio';
/** The ingest WebSocket's path (query: recording=<uuid>). */
export const INGEST_PATH = '/api/studio/ingest';
/** Bytes of the per-frame header: the chunk's sequence number as a big-endian uint32. */
const FRAME_HEADER_BYTES = 4;
/** Largest frame accepted (header + chunk). A 1 s chunk at 2.63 Mbit/s is ~330 KB. */
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** Largest recording accepted (sum of chunk bytes): ~3 h at 2.63 Mbit/s. */
export const MAX_RECORDING_BYTES = 4 * 1024 * 1024 * 1024;

/** Close codes of the ingest socket, one per refusal (4000–4999 are the application's range). */
export const INGEST_CLOSE = {
  /** No studio credential, or it expired. */
  unauthorized: 4401,
  /** The credential is for another session than the recording's. */
  wrongSession: 4403,
  /** No such recording. */
  unknownRecording: 4404,
  /** The take is no longer live (finishing, completed or failed). */
  notLive: 4409,
  /** A frame larger than MAX_FRAME_BYTES. */
  frameTooLarge: 4413,
  /** A frame without a header, or a text frame that is not a known message. */
  badFrame: 4400,
  /** The same take was opened on another socket (another window); this one must stop sending. */
  replaced: 4408,
  /** The recording would exceed MAX_RECORDING_BYTES. */
  quotaExceeded: 4507,
  /** The Origin header is not the site's. */
  badOrigin: 4003,
  /** A chunk with no bytes after its header (the client must skip MediaRecorder's empty blobs). */
  emptyChunk: 4411,
  /** The first chunk of a take does not start with a WebM or MP4 header (checked by its bytes). */
  notMedia: 4415,
  /** A chunk starts a container other than the one the take began in. */
  containerChanged: 4416,
} as const;

/** Human text for each close code (the studio shows it). */
export const INGEST_CLOSE_REASONS: Record<number, string> = {
  [INGEST_CLOSE.unauthorized]: 'Studio sign-in expired: authenticate again with your session token',
  [INGEST_CLOSE.wrongSession]: 'This studio sign-in is for another session',
  [INGEST_CLOSE.unknownRecording]: 'Recording not found',
  [INGEST_CLOSE.notLive]: 'This recording is no longer live',
  [INGEST_CLOSE.frameTooLarge]: 'A recording chunk was larger than 2 MB',
  [INGEST_CLOSE.badFrame]: 'Malformed recording chunk',
  [INGEST_CLOSE.replaced]: 'This recording continued in another window',
  [INGEST_CLOSE.quotaExceeded]: 'This recording reached its size limit',
  [INGEST_CLOSE.badOrigin]: 'Connection refused: wrong origin',
  [INGEST_CLOSE.emptyChunk]: 'An empty recording chunk was sent',
  [INGEST_CLOSE.notMedia]: 'The recording is not WebM or MP4 video',
  [INGEST_CLOSE.containerChanged]: 'The recording changed its video format mid-way',
};

/** Close codes after which the client must NOT reconnect (anything else: reconnect with backoff). */
export const INGEST_FATAL_CODES: ReadonlySet<number> = new Set(Object.values(INGEST_CLOSE));

/** First server message on every (re)connect. */
const ZIngestHello = z.object({
  type: z.literal('hello'),
  recording_id: z.string(),
  /** Highest contiguous seq the server holds + 1 (0 for a new take). */
  next_seq: z.number().int().min(0),
  /** Seqs above next_seq the server already holds (out-of-order arrivals), so the client can skip them. */
  held_after: z.array(z.number().int().min(0)),
  bytes_received: z.number().int().min(0),
  max_frame_bytes: z.number().int(),
});
export type TIngestHello = z.infer<typeof ZIngestHello>;

/** Server answer to each stored (or already stored) chunk. */
const ZIngestAck = z.object({
  type: z.literal('ack'),
  seq: z.number().int().min(0),
  /** True when the seq was already stored (a resend). */
  duplicate: z.boolean(),
  next_seq: z.number().int().min(0),
  bytes_received: z.number().int().min(0),
});
export type TIngestAck = z.infer<typeof ZIngestAck>;

/** Every server → client text message on the ingest socket. */
export const ZIngestServerMessage = z.discriminatedUnion('type', [ZIngestHello, ZIngestAck]);

/** Encodes one chunk as a binary frame. */
export function encodeFrame(seq: number, chunk: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER_BYTES + chunk.byteLength);
  new DataView(frame.buffer).setUint32(0, seq, false);
  frame.set(chunk, FRAME_HEADER_BYTES);
  return frame;
}

/** Decodes a binary frame; null when it is shorter than the header. */
export function decodeFrame(frame: Uint8Array): { seq: number; chunk: Uint8Array } | null {
  if (frame.byteLength < FRAME_HEADER_BYTES) return null;
  const seq = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0, false);
  return { seq, chunk: frame.subarray(FRAME_HEADER_BYTES) };
}

/** POST /api/studio/recordings answer (start or resume the live take). */
export const ZStudioTake = z.object({
  recording_id: z.string(),
  session_id: z.string(),
  status: z.enum(RECORDING_STATUSES),
  next_seq: z.number().int().min(0),
  started_at: z.string(),
});
export type TStudioTake = z.infer<typeof ZStudioTake>;

/** GET /api/studio/state's take: the live take, else the latest one (with what the server holds of it). */
const ZStudioTakeState = ZStudioTake.extend({
  /** Seqs above next_seq already held (out-of-order arrivals). */
  held_after: z.array(z.number().int().min(0)),
  bytes_received: z.number().int().min(0),
  /** Set once the take is finished (Stop). */
  final_seq: z.number().int().nullable(),
  /** Set when completed: where the finalized recording plays from. */
  recording_url: z.string().nullable(),
  /** Set when failed: what went wrong (for example the missing chunk seqs). */
  error: z.string().nullable(),
});
export type TStudioTakeState = z.infer<typeof ZStudioTakeState>;

/** GET /api/studio/state: the studio's refetch on load and on every reconnect. */
export const ZStudioState = z.object({
  session: ZSpeakerSession,
  /** The live take, else the session's latest take, else null (nothing recorded yet). */
  take: ZStudioTakeState.nullable(),
});
export type TStudioState = z.infer<typeof ZStudioState>;

/** Largest duration_seconds accepted in the finish body (a day; the server caps it by wall-clock anyway). */
const MAX_TAKE_SECONDS = 86_400;

/** POST /api/studio/recordings/:id/finish body. */
export const ZFinishTake = z.object({
  final_seq: z.number({ error: 'final_seq must be a number' }).int('final_seq must be a whole number').min(0, 'final_seq must be 0 or more'),
  /**
   * Optional: the seconds the studio's timer counted while live (pauses excluded). The server keeps
   * it, capped by the take's wall-clock time (ended − started); without it the wall-clock time is used.
   */
  duration_seconds: z
    .number({ error: 'duration_seconds must be a number' })
    .min(0, 'duration_seconds must be 0 or more')
    .max(MAX_TAKE_SECONDS, 'duration_seconds must be at most a day')
    .optional(),
});

/** 409 answer of finish when chunks are missing (`missing` lists at most MAX_MISSING_LISTED seqs). */
export const ZMissingChunks = z.object({ statusCode: z.literal(409), error: z.string(), message: z.string(), missing: z.array(z.number().int()), requestId: z.string().optional() });
/** How many missing seqs a 409 (and a failed take's error) lists at most. */
export const MAX_MISSING_LISTED = 1_000;

/** The studio's recording states (members-site §4 'Studio recording status'). */
export type StudioState = 'idle' | 'starting' | 'live' | 'paused' | 'ending' | 'uploading' | 'completed' | 'error';

/** MediaRecorder settings of the studio (members-site §9 'Studio video'). */
export const STUDIO_MEDIA = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
  audio: { channelCount: 2, sampleRate: 48_000 },
  /**
   * First supported wins: the spec's VP9 → VP8 WebM, then fragmented MP4 (H.264/AAC) where the browser
   * cannot make WebM (Safari). Finalize remuxes either into a seekable file.
   */
  mimeTypes: ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1.42E01F,mp4a.40.2', 'video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4'],
  videoBitsPerSecond: 2_500_000,
  audioBitsPerSecond: 128_000,
  timesliceMs: 1_000,
} as const;

/** Storage key of one stored chunk until finalize: speaker-recordings/{sessionId}/chunks/{recordingId}/{seq, 10 digits}.part */
export function chunkObjectKey(sessionId: string, recordingId: string, seq: number): string {
  return `speaker-recordings/${sessionId}/chunks/${recordingId}/${String(seq).padStart(10, '0')}.part`;
}

/**
 * Whether a storage key is a take's raw chunk: chunks are private (GET /files answers 404 for them);
 * only the finalized recording is served.
 */
export function isRecordingChunkKey(key: string): boolean {
  return /^speaker-recordings\/[^/]+\/chunks\//.test(key);
}

/** Largest seq accepted (Postgres integer). */
export const MAX_SEQ = 2_147_483_647;

/** Storage key of a finalized recording (members-site §7 speaker-recordings path); `.mp4` for an MP4 take. */
export function recordingObjectKey(sessionId: string, timestampMs: number, ext: 'webm' | 'mp4' = 'webm'): string {
  return `speaker-recordings/${sessionId}/recordings/session-${sessionId}-${timestampMs}.${ext}`;
}
