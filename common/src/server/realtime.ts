import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { FlyerReadyEvent, PaymentStatusEvent, RecordingStatusEvent, ServerToClientEvents, SessionRsvpsEvent, SessionStatusEvent } from '../events';
import { rooms } from '../events';
import type { ApplyResult } from './payments/checkout';

/** The Redis channel prefix shared by the API's Socket.IO adapter and the workers' emitter. */
export function socketKey(redisPrefix: string): string {
  return `${redisPrefix}:socket.io`;
}

/** Anything that can send a typed event to a room: the API's Socket.IO server or a worker's Redis emitter. */
export interface RoomEmitter {
  to(room: string): { emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown };
}

/** The server-only room of one sign-in's sockets (a client cannot ask to join it). */
export function signInRoom(sessionIdHash: string): string {
  return `signin:${sessionIdHash}`;
}

/** Anything that can disconnect the sockets in a room on every API instance: the API's io (Redis adapter) or a Redis emitter. */
interface SocketControl {
  in(room: string): { disconnectSockets(close?: boolean): unknown };
}

/** Ends every socket of one sign-in, on every API instance: after sign-out or a revocation, nothing more reaches it. */
export function endSignInSockets(control: SocketControl, sessionIdHash: string): void {
  control.in(signInRoom(sessionIdHash)).disconnectSockets(true);
}

/** Emits through Redis from a process without a Socket.IO server (the worker). */
export function createRedisEmitter(redis: Redis, redisPrefix: string): RoomEmitter {
  return new Emitter<ServerToClientEvents>(redis, { key: socketKey(redisPrefix) }) as unknown as RoomEmitter;
}

/** Tells the payer, the admins and (for a new ledger row) the public ledger what a payment did. Call after commit. */
export function announcePayment(emitter: RoomEmitter, r: ApplyResult): void {
  if (r.status === r.previous && !r.ledgerRow) return;
  const e: PaymentStatusEvent = { kind: r.kind, id: r.rowId, status: r.status, investor_id: r.investorId };
  if (r.userId) emitter.to(rooms.user(r.userId)).emit('payment:status', e);
  emitter.to(rooms.admins).emit('payment:status', e);
  for (const row of [r.ledgerRow, r.reversalRow]) {
    if (!row) continue;
    emitter.to(rooms.ledger).emit('ledger:row', row);
    emitter.to(rooms.admins).emit('ledger:row', row);
  }
}

/** Sends session:status to the session's room, the public schedule (live badges) and the admins. Call after commit. */
export function announceSession(emitter: RoomEmitter, e: SessionStatusEvent): void {
  emitter.to(rooms.session(e.session_id)).emit('session:status', e);
  emitter.to(rooms.sessions).emit('session:status', e);
  emitter.to(rooms.admins).emit('session:status', e);
}

/** Sends a session's new RSVP count to the public schedule and the admins. Call after commit. */
export function announceRsvps(emitter: RoomEmitter, e: SessionRsvpsEvent): void {
  emitter.to(rooms.sessions).emit('session:rsvps', e);
  emitter.to(rooms.admins).emit('session:rsvps', e);
}

/** Sends recording:status to the session's room and the admins. Call after commit. */
export function announceRecording(emitter: RoomEmitter, e: RecordingStatusEvent): void {
  emitter.to(rooms.session(e.session_id)).emit('recording:status', e);
  emitter.to(rooms.admins).emit('recording:status', e);
}

/** Sends a finalize's recording:progress (percent) to the session's room and the admins. */
export function announceRecordingProgress(emitter: RoomEmitter, e: { session_id: string; recording_id: string; percent: number }): void {
  emitter.to(rooms.session(e.session_id)).emit('recording:progress', e);
  emitter.to(rooms.admins).emit('recording:progress', e);
}

/** Sends flyer:ready to the member who asked for the flyer. Call after the flyers row is written. */
export function announceFlyer(emitter: RoomEmitter, requestedBy: string, e: FlyerReadyEvent): void {
  emitter.to(rooms.user(requestedBy)).emit('flyer:ready', e);
}
