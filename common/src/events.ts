import type { TLedgerRow } from './schemas/ledger';

/** Rooms: the public ledger, the admins, one per member, one per speaker session. */
export const rooms = {
  ledger: 'ledger',
  admins: 'admins',
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** A payment changed state (sent to the payer's room and the admins' room). */
export interface PaymentStatusEvent {
  kind: 'donation' | 'program' | 'sponsorship' | 'investment';
  id: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  investor_id: string | null;
}

/** Events the server (API or worker) sends to browsers. Payloads are small: ids and statuses. */
export interface ServerToClientEvents {
  /** A row was appended to the public token ledger. */
  'ledger:row': (row: TLedgerRow) => void;
  'payment:status': (e: PaymentStatusEvent) => void;
}

/** Rooms a browser may ask to join; the server checks each request against the session. */
export type JoinableRoom = 'ledger' | 'admins' | 'me';

/** Events browsers send. */
export interface ClientToServerEvents {
  join: (room: JoinableRoom, ack: (result: { ok: boolean; error?: string }) => void) => void;
}

/** The Socket.IO path on the API's origin. */
export const SOCKET_PATH = '/socket.io';
