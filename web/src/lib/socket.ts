import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type JoinableRoom, type ServerToClientEvents } from '@app/common/events';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socketPromise: Promise<AppSocket> | null = null;
const joined = new Set<JoinableRoom>();

/** One Socket.IO connection per tab, loaded on first use (keeps the client out of pages that never listen). */
function getSocket(): Promise<AppSocket> {
  socketPromise ??= import('socket.io-client').then(({ io }) => {
    const socket: AppSocket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
    // Rooms are per connection: after a reconnect, join them again.
    socket.on('connect', () => {
      for (const room of joined) socket.emit('join', room, () => undefined);
    });
    return socket;
  });
  return socketPromise;
}

/**
 * Refetches `queryKeys` whenever `event` arrives in `room`, and once after every reconnect (events
 * sent while disconnected are not replayed, so the page catches up by refetching).
 */
export function useLiveRefetch(room: JoinableRoom, event: keyof ServerToClientEvents, queryKeys: QueryKey[], enabled = true): void {
  const queryClient = useQueryClient();
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!enabled) return;
    let socket: AppSocket | null = null;
    let cancelled = false;
    const refetch = () => {
      for (const key of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey: key });
    };
    const onReconnect = () => refetch();
    void getSocket().then((s) => {
      if (cancelled) return;
      socket = s;
      joined.add(room);
      if (s.connected) s.emit('join', room, () => undefined);
      s.on(event, refetch);
      s.io.on('reconnect', onReconnect);
    });
    return () => {
      cancelled = true;
      socket?.off(event, refetch);
      socket?.io.off('reconnect', onReconnect);
    };
  }, [room, event, keys, enabled, queryClient]);
}

/** Handlers for some of the server's events. */
export type LiveHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/**
 * Listens to `handlers`' events in `room` (joined on connect and after every reconnect); `onCatchUp` runs once the
 * room is joined and after every reconnect (events sent meanwhile are not replayed, so the page refetches). The
 * latest handlers are always called, so they may close over fresh state.
 */
export function useLiveEvents(room: JoinableRoom | null, handlers: LiveHandlers, onCatchUp?: () => void): void {
  const ref = useRef({ handlers, onCatchUp });
  useEffect(() => {
    ref.current = { handlers, onCatchUp };
  });
  const events = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!room) return;
    let socket: AppSocket | null = null;
    let cancelled = false;
    const names = events.split(',').filter(Boolean) as Array<keyof ServerToClientEvents>;
    const listeners = names.map((name) => {
      const listener = (payload: never) => {
        const h = ref.current.handlers[name] as ((p: never) => void) | undefined;
        h?.(payload);
      };
      return [name, listener] as const;
    });
    const catchUp = () => ref.current.onCatchUp?.();
    const join = (s: AppSocket) =>
      s.emit('join', room, (result) => {
        if (result.ok) catchUp();
      });
    const onConnect = () => {
      if (socket) join(socket);
    };
    void getSocket().then((s) => {
      if (cancelled) return;
      socket = s;
      joined.add(room);
      for (const [name, listener] of listeners) s.on(name, listener as never);
      // The shared 'connect' handler joins every room; this one also catches up once the join is acknowledged.
      s.on('connect', onConnect);
      if (s.connected) join(s);
    });
    return () => {
      cancelled = true;
      if (!socket) return;
      for (const [name, listener] of listeners) socket.off(name, listener as never);
      socket.off('connect', onConnect);
    };
  }, [room, events]);
}
