import type { PaymentKind, PaymentStatus } from './domain/payments';
import type { RecordingStatus, SessionStatus } from './domain/session-status';
import type { TLedgerRow } from './schemas/ledger';

/** Rooms: the public ledger, the public session schedule, the admins, one per member, one per speaker session. */
export const rooms = {
  ledger: 'ledger',
  sessions: 'sessions',
  admins: 'admins',
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** A payment changed state (sent to the payer's room and the admins' room). */
export interface PaymentStatusEvent {
  kind: PaymentKind;
  id: string;
  status: PaymentStatus;
  investor_id: string | null;
}

/** A speaker session changed status (room session:{id} and admins). */
export interface SessionStatusEvent {
  session_id: string;
  status: SessionStatus;
}

/** A session's RSVP count changed (rooms sessions and admins). */
export interface SessionRsvpsEvent {
  session_id: string;
  rsvp_count: number;
}

/** A studio recording changed state (room session:{id} and admins). */
export interface RecordingStatusEvent {
  session_id: string;
  recording_id: string;
  status: RecordingStatus;
  /** Set when completed. */
  recording_url?: string | null;
  /** Set when failed: what went wrong (for example the missing chunk seqs). */
  error?: string | null;
}

/** Finalize progress of a recording, 0–100 (room session:{id} and admins). */
export interface RecordingProgressEvent {
  session_id: string;
  recording_id: string;
  percent: number;
}

/** A flyer finished rendering (room user:{id} of whoever asked). */
export interface FlyerReadyEvent {
  job_id: string;
  day: 'monday' | 'wednesday' | 'friday';
  status: 'ready' | 'failed';
  url: string | null;
  error?: string | null;
}

/** Events the server (API or worker) sends to browsers. Payloads are small: ids and statuses. */
export interface ServerToClientEvents {
  /** A row was appended to the public token ledger. */
  'ledger:row': (row: TLedgerRow) => void;
  'payment:status': (e: PaymentStatusEvent) => void;
  'session:status': (e: SessionStatusEvent) => void;
  'session:rsvps': (e: SessionRsvpsEvent) => void;
  'recording:status': (e: RecordingStatusEvent) => void;
  'recording:progress': (e: RecordingProgressEvent) => void;
  'flyer:ready': (e: FlyerReadyEvent) => void;
}

/**
 * Rooms a browser may ask to join; the server checks each request against the session: 'admins' needs
 * the admin role, 'me' a signed-in member ('ledger' and 'sessions' are public), `session:{id}` an admin or a studio credential for that session.
 */
export type JoinableRoom = 'ledger' | 'sessions' | 'admins' | 'me' | `session:${string}`;

/** Events browsers send. */
export interface ClientToServerEvents {
  join: (room: JoinableRoom, ack: (result: { ok: boolean; error?: string }) => void) => void;
}

/** The Socket.IO path on the API's origin. */
export const SOCKET_PATH = '/socket.io';
