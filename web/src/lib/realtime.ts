import { REALTIME_EVENTS, type RealtimeNotice, type WatchedList } from '@recaudo/domain/realtime';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';

/**
 * The real-time channel (spec 01 §1): one socket.io connection per logged-in browser, opened
 * with the session's token, reconnecting by itself, closed on logout. Screens that want a list's
 * reload events watch it while they are open (`useWatchList('closed-boxs')`); the watch is sent
 * again after every reconnect.
 */
export interface RealtimeHandlers {
  onNotice(notice: RealtimeNotice): void;
  onReload(list: WatchedList): void;
}

let socket: Socket | null = null;
const watching = new Map<WatchedList, number>();

const RELOADS: Record<string, WatchedList> = {
  [REALTIME_EVENTS.reloadClosedBox]: 'closed-boxs',
  [REALTIME_EVENTS.reloadClients]: 'clients',
};

export function connectRealtime(token: string, handlers: RealtimeHandlers): void {
  disconnectRealtime();
  const current = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
  current.on('connect', () => {
    for (const [list, count] of watching) if (count > 0) current.emit('watch', list);
  });
  for (const event of [REALTIME_EVENTS.user, REALTIME_EVENTS.client, REALTIME_EVENTS.admin]) {
    current.on(event, (notice: RealtimeNotice) => handlers.onNotice(notice));
  }
  for (const [event, list] of Object.entries(RELOADS)) current.on(event, () => handlers.onReload(list));
  socket = current;
}

export function disconnectRealtime(): void {
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
