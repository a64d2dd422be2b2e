import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { rooms, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@app/common/events';
import { signInRoom, socketKey, type RoomEmitter } from '@app/common/server/realtime';
import { liveSessionsAmong, loadSession, type LoadedSession, type SessionLifetime } from '@app/common/server/sessions/sessions.repository';
import { checkStudioCredential } from '@app/common/server/sessions/speaker-sessions.repository';

interface SocketData {
  session: LoadedSession | null;
  /** The session a studio credential (if any) is scoped to. */
  studioSessionId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO, shared by every API instance through the Redis adapter. */
    io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
    /** `io` as the small emitter interface shared with the worker. */
    emitter: RoomEmitter;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Live updates: Socket.IO on the API's origin, events typed by common/src/events.ts. The handshake
 * must come from our origin; the session cookie and the studio credential cookie (if any) decide which
 * rooms a socket may join.
 */
export const realtimePlugin = fp<{ redisUrl: string; prefix: string; publicUrl: string; cookieName: string; studioCookieName: string; lifetime: SessionLifetime; recheckMs: number }>(
  async (app, opts) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', () => undefined);
    // The adapter (un)subscribes without awaiting the promises; closing before Redis answered them (a
    // quick start-stop, or Redis unreachable) rejects them with "Connection is closed", which must not
    // become an unhandled rejection.
    for (const method of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
      const original = sub[method].bind(sub) as (...args: unknown[]) => Promise<unknown>;
      (sub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const pending = original(...args);
        pending.catch(() => undefined);
        return pending;
      };
    }
    const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      // Upgrades on other paths (the studio's ingest socket) are not Socket.IO's: engine.io would end one
      // still silent after a second; the studio ingest plugin owns them all (it answers unknown paths 404).
      destroyUpgrade: false,
      // WebSocket only (as our client connects): HTTP long-polling would need sticky sessions behind
      // the round-robin proxy of a multi-replica deployment; a WebSocket lives on one replica.
      transports: ['websocket'],
      adapter: createAdapter(pub, sub, { key: socketKey(opts.prefix) }),
      allowRequest: (req, cb) => {
        const origin = req.headers.origin;
        cb(null, !origin || origin === publicOrigin || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`);
      },
    });
    io.use((socket, next) => {
      const raw = cookieValue(socket.handshake.headers.cookie, opts.cookieName);
      const studioRaw = cookieValue(socket.handshake.headers.cookie, opts.studioCookieName);
      Promise.all([raw ? loadSession(app.db, raw, opts.lifetime) : null, studioRaw ? checkStudioCredential(app.db, studioRaw) : null]).then(
        ([session, studioSessionId]) => {
          socket.data.session = session;
          socket.data.studioSessionId = studioSessionId;
          next();
        },
        (err: Error) => next(err),
      );
    });
    io.on('connection', (socket) => {
      // Sign-out and a new sign-in end this sign-in's sockets through this room, on every instance.
      if (socket.data.session) void socket.join(signInRoom(socket.data.session.idHash));
      socket.on('join', (room, ack) => {
        const session = socket.data.session;
        const reply = typeof ack === 'function' ? ack : () => undefined;
        if (room === 'ledger' || room === 'sessions') {
          void socket.join(rooms[room]);
          return reply({ ok: true });
        }
        if (room === 'me' && session) {
          void socket.join(rooms.user(session.userId));
          return reply({ ok: true });
        }
        if (room === 'admins' && session?.isAdmin) {
          void socket.join(rooms.admins);
          return reply({ ok: true });
        }
        // session:{id}: the studio holding that session's credential, or an admin (the manage tab).
        if (typeof room === 'string' && room.startsWith('session:')) {
          const sessionId = room.slice('session:'.length);
          if (session?.isAdmin || (socket.data.studioSessionId !== null && socket.data.studioSessionId === sessionId)) {
            void socket.join(rooms.session(sessionId));
            return reply({ ok: true });
          }
          return reply({ ok: false, error: session || socket.data.studioSessionId ? 'Not allowed' : 'Please sign in' });
        }
        return reply({ ok: false, error: session ? 'Not allowed' : 'Please sign in' });
      });
    });
    // Expiry and a removed admin role happen without a request: check this instance's sockets again
    // every recheckMs in one query. An ended sign-in's sockets disconnect; a former admin's leave the admin rooms.
    const recheck = async () => {
      const local = [...io.of('/').sockets.values()].filter((s) => s.data.session);
      const live = await liveSessionsAmong(app.db, [...new Set(local.map((s) => s.data.session!.idHash))], opts.lifetime);
      for (const socket of local) {
        const session = socket.data.session!;
        const now = live.get(session.idHash);
        if (!now) {
          socket.disconnect(true);
        } else if (session.isAdmin && !now.isAdmin) {
          socket.data.session = { ...session, isAdmin: false };
          for (const room of socket.rooms) {
            const studioRoom = socket.data.studioSessionId !== null && room === rooms.session(socket.data.studioSessionId);
            if (room === rooms.admins || (room.startsWith('session:') && !studioRoom)) void socket.leave(room);
          }
        }
      }
    };
    const timer = setInterval(() => recheck().catch((err: unknown) => app.log.warn({ err }, 'socket sign-in recheck failed')), opts.recheckMs);
    timer.unref();

    app.decorate('io', io);
    app.decorate('emitter', io as unknown as RoomEmitter);
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // Not io.close(): that would close the HTTP server, which Fastify closes itself.
      io.engine.close();
      pub.disconnect();
      sub.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
