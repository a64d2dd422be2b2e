import { z } from 'zod';
import { ZStorageEnv, type StorageEnv } from '@app/common/server/storage/index';

/** What the ingest process is started with (INGEST_CONFIG, JSON): the API's settings it needs. */
export const ZIngestProcessConfig = z.object({
  databaseUrl: z.string().min(1),
  dbPoolMax: z.number().int().min(1),
  logLevel: z.string().min(1),
  credentialRecheckMs: z.number().int().min(1),
  /** The API's storage settings, already validated (and transformed) by its own config. */
  storage: z.custom<StorageEnv>((v) => typeof v === 'object' && v !== null),
});

/** The storage settings out of the API's whole config (the rest, secrets included, stays in the API). */
export function storageSettings(config: StorageEnv): StorageEnv {
  return Object.fromEntries(Object.keys(ZStorageEnv.shape).map((k) => [k, config[k as keyof StorageEnv]])) as StorageEnv;
}
export type IngestProcessConfig = z.infer<typeof ZIngestProcessConfig>;

/** An upgraded request handed to the ingest process, with its socket as the IPC handle. */
export interface IngestSocketMessage {
  type: 'socket';
  /** The upgrade request's method, URL and headers (ws completes the handshake from them). */
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes read past the request's headers (base64). */
  head: string;
  recordingId: string;
  studioSessionId: string | undefined;
  credential: string;
  originAllowed: boolean;
}

/** The API asks the ingest process to close its sockets (1012: reconnect), store what it received, and exit. */
interface IngestDrainMessage {
  type: 'drain';
}

/** The API asks for the figures now (a scrape of /metrics): answered with a `stats` message. */
interface IngestReportMessage {
  type: 'report';
  id: number;
}

export type ToIngestProcess = IngestSocketMessage | IngestDrainMessage | IngestReportMessage;

/**
 * From the ingest process: `ready` once it can serve; `stats` (absolute figures since it started, sent when
 * they change and when asked) so the API's /metrics and idle tracking see the studio's work.
 */
export type FromIngestProcess = { type: 'ready' } | { type: 'stats'; sockets: number; bytes: number; chunks: number; report?: number };
