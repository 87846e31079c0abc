import { REALTIME_EVENTS, type RealtimeNotice, type WatchedList } from '@recaudo/domain/realtime';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The real-time channel (spec 01 §1): one socket.io connection per logged-in browser, opened
 * with the session's token, reconnecting by itself, closed on logout. Screens that want a list's
 * reload events watch it while they are open (`useWatchList('closed-boxs')`); the watch is sent
 * again after every reconnect. socket.io-client loads after login, never with the login page.
 */
export interface RealtimeHandlers {
  onNotice(notice: RealtimeNotice): void;
  onReload(list: WatchedList): void;
}

let socket: Socket | null = null;
/** Bumped by every disconnect, so a client library that arrives after a logout opens nothing. */
let generation = 0;
const watching = new Map<WatchedList, number>();

const RELOADS: Record<string, WatchedList> = {
  [REALTIME_EVENTS.reloadClosedBox]: 'closed-boxs',
  [REALTIME_EVENTS.reloadClients]: 'clients',
};

export function connectRealtime(token: string, handlers: RealtimeHandlers): void {
  disconnectRealtime();
  const attempt = generation;
  void import('socket.io-client').then(({ io }) => {
    if (attempt !== generation) return;
    const current = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    current.on('connect', () => {
      for (const [list, count] of watching) if (count > 0) current.emit('watch', list);
    });
    // The server cuts sockets when a session ends or its permissions change; one attempt to come
    // back picks up the new permissions, and an ended session is refused at the handshake.
    current.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') current.connect();
    });
    for (const event of [REALTIME_EVENTS.user, REALTIME_EVENTS.client, REALTIME_EVENTS.admin]) {
      current.on(event, (notice: RealtimeNotice) => handlers.onNotice(notice));
    }
    for (const [event, list] of Object.entries(RELOADS)) current.on(event, () => handlers.onReload(list));
    socket = current;
  });
}

export function disconnectRealtime(): void {
  generation++;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}

/** While the calling screen is mounted, its list's reload events reach this browser. */
export function useWatchList(list: WatchedList): void {
  useEffect(() => {
    watching.set(list, (watching.get(list) ?? 0) + 1);
    if (socket?.connected) socket.emit('watch', list);
    return () => {
      const left = (watching.get(list) ?? 1) - 1;
      watching.set(list, left);
      if (left === 0 && socket?.connected) socket.emit('unwatch', list);
    };
  }, [list]);
}
